#!/usr/bin/env python3
"""Draws the demo's own pictures as flat SVG illustrations, so `tidings serve` needs no image host.

    Sources/TidingsRuntime/Demo/media/stories/<seed>.svg       640×360, one per demo story
    Sources/TidingsRuntime/Demo/media/products/<category>.svg  480×480, one per catalog category
    Sources/TidingsRuntime/Demo/media/ads/<name>.svg           house-ad creatives (1200×300, 640×360)
    Sources/TidingsWeb/Resources/assets/weather-<sky>.svg      64×64 icons of the weather widget

Every picture is drawn here from simple shapes: no text, fonts, scripts or external references,
so it works in every locale and offline. The output is deterministic; after changing a drawing:

    scripts/draw-demo-images.py           rewrite every file
    scripts/draw-demo-images.py --check   exit 1, naming the files, when one on disk is not this output

A story's seed is the `<seed>` of its old https://picsum.photos/seed/<seed>/640/360 address.
"""
import argparse
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MEDIA = ROOT / "Sources/TidingsRuntime/Demo/media"
ASSETS = ROOT / "Sources/TidingsWeb/Resources/assets"

# The palette every picture draws from.
INK = "#22313f"
NAVY = "#1b3a5c"
BLUE = "#3a7bd5"
SKY = "#9fd3f5"
ICE = "#e3f4fd"
TEAL = "#2a9d8f"
MINT = "#a7e0c9"
GREEN = "#5aa84f"
LEAF = "#7cc26a"
FOREST = "#2f6f3e"
YELLOW = "#ffd166"
GOLD = "#f5b82e"
AMBER = "#f4a63a"
ORANGE = "#f3842c"
CORAL = "#ef6f5e"
RED = "#e63946"
BERRY = "#b5305a"
PINK = "#f7a7b8"
PLUM = "#6d4c9f"
LILAC = "#c8b6f2"
BROWN = "#8a5a3c"
WOOD = "#c98b55"
SAND = "#f2d4a0"
CREAM = "#fff6e5"
WHITE = "#ffffff"
MIST = "#e8edf1"
GREY = "#b8c4cc"
SLATE = "#7a8b97"
CHARCOAL = "#3d4a55"
SKIN = "#f1c27d"
SKIN_DARK = "#c68642"


# --- SVG text -------------------------------------------------------------------------------------

def fmt(value):
    """A number with at most one decimal and no trailing zeros; strings pass through."""
    if isinstance(value, str):
        return value
    value = round(float(value), 1)
    if value == 0:
        return "0"
    return str(int(value)) if value.is_integer() else repr(value)


def el(tag, *children, **attrs):
    """An element; `stroke_width=2` becomes stroke-width="2", None leaves the attribute out."""
    text = "".join(f' {key.rstrip("_").replace("_", "-")}="{fmt(value)}"'
                   for key, value in attrs.items() if value is not None)
    inner = "".join(children)
    return f"<{tag}{text}>{inner}</{tag}>" if inner else f"<{tag}{text}/>"


def d(*parts):
    """Path data from commands and numbers: d("M", 1, 2, "L", 3.25, 4) == "M1 2L3.3 4"."""
    out, number_last = [], False
    for part in parts:
        text = fmt(part)
        if number_last and (text[0].isdigit() or (not isinstance(part, str) and text[0] != "-")):
            out.append(" ")
        out.append(text)
        number_last = text[-1].isdigit()
    return "".join(out)


def points(pairs):
    return " ".join(f"{fmt(x)},{fmt(y)}" for x, y in pairs)


def tf(x=0, y=0, rot=0, s=1, sx=None):
    """A transform: translate, then rotate (degrees), then scale (sx mirrors when negative)."""
    out = []
    if x or y:
        out.append(f"translate({fmt(x)} {fmt(y)})")
    if rot:
        out.append(f"rotate({fmt(rot)})")
    sx = s if sx is None else sx
    if sx != 1 or s != 1:
        out.append(f"scale({fmt(sx)} {fmt(s)})" if sx != s else f"scale({fmt(s)})")
    return " ".join(out) or None


def rect(x, y, w, h, fill, rx=None, **a):
    return el("rect", x=x, y=y, width=w, height=h, rx=rx, fill=fill, **a)


def circle(cx, cy, r, fill, **a):
    return el("circle", cx=cx, cy=cy, r=r, fill=fill, **a)


def ellipse(cx, cy, rx, ry, fill, **a):
    return el("ellipse", cx=cx, cy=cy, rx=rx, ry=ry, fill=fill, **a)


def path(data, fill, **a):
    return el("path", d=data, fill=fill, **a)


def poly(pairs, fill, **a):
    return el("polygon", points=points(pairs), fill=fill, **a)


def stroke(data, color, width, **a):
    """An unfilled path with round ends and joins."""
    return el("path", d=data, fill="none", stroke=color, stroke_width=width,
              stroke_linecap="round", stroke_linejoin="round", **a)


def line(x1, y1, x2, y2, color, width, **a):
    return stroke(d("M", x1, y1, "L", x2, y2), color, width, **a)


def polyline(pairs, color, width, **a):
    return stroke("M" + "L".join(f"{fmt(x)} {fmt(y)}" for x, y in pairs), color, width, **a)


def dots(pairs, color, size, **a):
    """Round dots as zero-length strokes: one short path for seeds, stars, grains or snow."""
    return stroke("".join(d("M", x, y, "h0") for x, y in pairs), color, size, **a)


def group(*children, **a):
    return el("g", *children, **a)


def scatter(n, x0, y0, x1, y1, seed):
    """n deterministic pseudo-random points in a box (a small LCG, the same on every Python)."""
    state = seed * 7919 + 17
    out = []

    def next_unit():
        nonlocal state
        state = (state * 1103515245 + 12345) % 2147483648
        return state / 2147483648

    for _ in range(8):
        next_unit()
    for _ in range(n):
        out.append((x0 + next_unit() * (x1 - x0), y0 + next_unit() * (y1 - y0)))
    return out


def lerp(a, b, t):
    return a + (b - a) * t


class Doc:
    """One SVG file: a size, shared definitions (gradients, clips) and the drawing."""

    def __init__(self, name, width, height):
        self.name, self.width, self.height = name, width, height
        self.defs, self.parts = [], []

    def _id(self):
        return f"{self.name}{len(self.defs)}"

    def linear(self, *colors, x1=0, y1=0, x2=0, y2=1):
        """A gradient through colors (a color or (color, opacity)), top to bottom by default."""
        gid = self._id()
        stops = []
        for i, color in enumerate(colors):
            color, opacity = color if isinstance(color, tuple) else (color, None)
            stops.append(el("stop", offset=f"{i / (len(colors) - 1):.2g}", stop_color=color,
                            stop_opacity=opacity))
        self.defs.append(el("linearGradient", *stops, id=gid, x1=x1, y1=y1, x2=x2, y2=y2))
        return f"url(#{gid})"

    def radial(self, color, inner=1, outer=0):
        """A glow: color fading from opacity inner at the centre to outer at the edge."""
        gid = self._id()
        self.defs.append(el("radialGradient",
                            el("stop", offset="0", stop_color=color, stop_opacity=inner),
                            el("stop", offset="1", stop_color=color, stop_opacity=outer), id=gid))
        return f"url(#{gid})"

    def clip(self, *shapes):
        gid = self._id()
        self.defs.append(el("clipPath", *shapes, id=gid))
        return f"url(#{gid})"

    def add(self, *parts):
        self.parts.extend(parts)

    def backdrop(self, *colors):
        self.add(rect(0, 0, self.width, self.height, self.linear(*colors)))

    def render(self):
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {self.width} {self.height}"'
                f' width="{self.width}" height="{self.height}">')
        body = ([el("defs", *self.defs)] if self.defs else []) + self.parts
        return head + "\n" + "\n".join(body) + "\n</svg>\n"


# --- Shapes used by many pictures ------------------------------------------------------------------

def shadow(cx, cy, rx, ry=None, opacity=0.14):
    return ellipse(cx, cy, rx, ry or rx * 0.16, "#000", opacity=opacity)


def halo(cx, cy, r, opacity=0.3):
    return circle(cx, cy, r, WHITE, opacity=opacity)


def ground(doc, y, color, top_color=None):
    doc.add(rect(0, y, doc.width, doc.height - y, color))
    if top_color:
        doc.add(rect(0, y, doc.width, 6, top_color))


def cloud(x, y, s=1, fill=WHITE, outline=None, width=0, **a):
    """A cloud 84 units wide and 46 high, its flat base centred on (x, y)."""
    shapes = [(-26, -16, 16), (-4, -26, 22), (22, -20, 20)]

    def layer(color, grow):
        return ([circle(cx, cy, r + grow, color) for cx, cy, r in shapes]
                + [rect(-42 - grow, -20 - grow, 84 + 2 * grow, 20 + 2 * grow, color, rx=10 + grow)])

    body = (layer(outline, width) if outline else []) + layer(fill, 0)
    return group(*body, transform=tf(x, y, s=s), **a)


def sun(cx, cy, r, fill=YELLOW, rays=0, ray_color=None, ray_width=None):
    out = []
    for i in range(rays):
        angle = 2 * math.pi * i / rays
        out.append(line(cx + math.cos(angle) * r * 1.35, cy + math.sin(angle) * r * 1.35,
                        cx + math.cos(angle) * r * 1.7, cy + math.sin(angle) * r * 1.7,
                        ray_color or fill, ray_width or r * 0.22))
    return group(*out, circle(cx, cy, r, fill))


def glow(doc, cx, cy, r, color, inner=0.7):
    return circle(cx, cy, r, doc.radial(color, inner))


def wave_path(x0, x1, y, amp, wavelength):
    parts = ["M", x0, y, "q", wavelength / 4, -amp, wavelength / 2, 0]
    x = x0 + wavelength / 2
    while x < x1:
        parts += ["t", wavelength / 2, 0]
        x += wavelength / 2
    return parts


def wave_band(x0, x1, y, amp, wavelength, bottom, fill, **a):
    """A filled band whose top edge is a wave."""
    return path(d(*wave_path(x0, x1, y, amp, wavelength), "V", bottom, "H", x0, "Z"), fill, **a)


def wave_line(x0, x1, y, amp, wavelength, color, width, **a):
    return stroke(d(*wave_path(x0, x1, y, amp, wavelength)), color, width, **a)


def ridge(pairs, base, fill, cap=None, t=0.3):
    """Mountains through pairs, closed down to base; peaks (local minima of y) get snow caps."""
    out = [poly([(pairs[0][0], base)] + pairs + [(pairs[-1][0], base)], fill)]
    if cap:
        for i in range(1, len(pairs) - 1):
            (px, py), (lx, ly), (rx, ry) = pairs[i], pairs[i - 1], pairs[i + 1]
            if py < ly and py < ry:
                ax, ay = lerp(px, lx, t), lerp(py, ly, t)
                bx, by = lerp(px, rx, t), lerp(py, ry, t)
                low = max(ay, by)
                out.append(poly([(ax, ay), (px, py), (bx, by), (lerp(ax, bx, 0.7), low - 4),
                                 (lerp(ax, bx, 0.45), low + 3), (lerp(ax, bx, 0.2), low - 3)], cap))
    return group(*out)


def pine(x, y, h, fill=FOREST, snow=None):
    """A fir tree of three tiers standing on (x, y), h high; snow dusts the tip of each tier."""
    w = h * 0.62
    tiers, caps = [], []
    for top, bottom, width in ((0.32, 0.86, 1), (0.16, 0.6, 0.78), (0, 0.36, 0.55)):
        tx, ty, half = x, y - h * (1 - top), w / 2 * width
        tiers += ["M", x - half, y - h * (1 - bottom), "L", tx, ty, "L", x + half, y - h * (1 - bottom), "Z"]
        caps += ["M", tx, ty, "l", -half * 0.32, h * 0.14, "l", half * 0.32, -h * 0.04, "l", half * 0.32, h * 0.04, "Z"]
    return group(rect(x - h * 0.05, y - h * 0.16, h * 0.1, h * 0.16, BROWN), path(d(*tiers), fill),
                 *([path(d(*caps), snow)] if snow else []))


def round_tree(x, y, r, fill=GREEN, trunk=BROWN):
    return group(rect(x - r * 0.12, y - r * 1.3, r * 0.24, r * 1.3, trunk),
                 circle(x, y - r * 1.6, r, fill),
                 circle(x - r * 0.3, y - r * 1.9, r * 0.45, WHITE, opacity=0.18))


def house(x, base, w, h, wall, roof, window=WHITE, door=None):
    """A gabled house with one window (and a door when given)."""
    top = base - h
    out = [rect(x, top, w, h, wall),
           poly([(x - w * 0.08, top + 1), (x + w / 2, top - w * 0.5), (x + w * 1.08, top + 1)], roof),
           rect(x + w * 0.3, top + h * 0.18, w * 0.4, h * 0.26, window, rx=2)]
    if door:
        out.append(rect(x + w * 0.34, base - h * 0.36, w * 0.32, h * 0.36, door, rx=2))
    return group(*out)


def fish(cx, cy, length, body, back=None, belly=None, fin=None, rot=0, flip=False,
         scales=False, spots=None):
    """A fish facing right (left when flipped), `length` long including the tail."""
    s = length / 104
    fin = fin or back or body
    out = [path("M-36 0L-58-18Q-51 0-58 18Z", fin),
           path("M-40 0C-22-24 24-26 46 0C24 24-22 22-40 0Z", body),
           path("M-8-19L6-31L16-19Z", fin)]
    if back:
        out.append(path("M-40 0C-22-24 24-26 46 0C22-8-16-9-40 0Z", back))
    if belly:
        out.append(path("M-32 4C-10 9 20 9 41 4C22 18-14 18-32 4Z", belly))
    if scales:
        out.append(stroke("".join(d("M", x, y, "a5 5 0 0 0 0 9") for x in (-18, -6, 6) for y in (-9, 1))
                          + "M0-14a5 5 0 0 0 0 9M-12-14a5 5 0 0 0 0 9M-24-4a5 5 0 0 0 0 9",
                          WHITE, 1.6, opacity=0.55))
    if spots:
        out.append(dots([(-14, -11), (-4, -14), (8, -12), (-22, -6), (2, -8)], spots, 2.6))
    out += [stroke("M22-12Q16 0 22 12", "#000", 1.6, opacity=0.2),
            path("M4 6L-8 16L10 12Z", fin),
            circle(31, -4, 4.4, WHITE), circle(32, -4, 2.4, INK)]
    return group(*out, transform=tf(cx, cy, rot, s, -s if flip else s))


def wheel(cx, cy, r):
    return group(circle(cx, cy, r, INK), circle(cx, cy, r * 0.48, GREY), circle(cx, cy, r * 0.16, CHARCOAL))


def coin(cx, cy, r, face=GOLD, rim="#e09b1b"):
    return group(circle(cx, cy, r, rim), circle(cx - r * 0.06, cy - r * 0.06, r * 0.86, face),
                 circle(cx - r * 0.06, cy - r * 0.06, r * 0.58, "none", stroke=rim, stroke_width=r * 0.1),
                 path(d("M", cx - r * 0.55, cy - r * 0.2, "a", r * 0.6, r * 0.6, 0, 0, 1, r * 0.4, -r * 0.38),
                      "none", stroke=WHITE, stroke_width=r * 0.12, stroke_linecap="round", opacity=0.6))


def coin_stack(cx, base, r, n, face=GOLD, rim="#e09b1b"):
    """n coins lying flat, seen from the side."""
    out, h = [], r * 0.24
    for i in range(n):
        y = base - i * h
        out += [rect(cx - r, y - h, 2 * r, h, rim), ellipse(cx, y, r, r * 0.3, rim),
                path(d("M", cx - r, y - h * 0.2, "A", r, r * 0.3, 0, 0, 0, cx + r, y - h * 0.2), "none",
                     stroke="#000", stroke_width=1.5, opacity=0.15),
                ellipse(cx, y - h, r, r * 0.3, face)]
    out.append(ellipse(cx, base - n * h, r * 0.6, r * 0.16, "none", stroke=rim, stroke_width=2))
    return group(*out)


def percent(cx, cy, s, color, width=None):
    """A per-cent sign drawn from two rings and a bar, s high."""
    w = width or s * 0.13
    return group(circle(cx - s * 0.24, cy - s * 0.26, s * 0.15, "none", stroke=color, stroke_width=w),
                 circle(cx + s * 0.24, cy + s * 0.26, s * 0.15, "none", stroke=color, stroke_width=w),
                 line(cx + s * 0.3, cy - s * 0.48, cx - s * 0.3, cy + s * 0.48, color, w))


def arrow(pairs, color, width, head=None):
    """A polyline with an arrowhead at its last point."""
    head = head or width * 2.6
    (x1, y1), (x2, y2) = pairs[-2], pairs[-1]
    a = math.atan2(y2 - y1, x2 - x1)
    tip = (x2 + math.cos(a) * head * 0.5, y2 + math.sin(a) * head * 0.5)
    left = (x2 + math.cos(a + 2.3) * head, y2 + math.sin(a + 2.3) * head)
    right = (x2 + math.cos(a - 2.3) * head, y2 + math.sin(a - 2.3) * head)
    return group(polyline(pairs, color, width), poly([tip, left, right], color, stroke=color,
                                                     stroke_width=width * 0.5, stroke_linejoin="round"))


def snowflake(cx, cy, r, color=WHITE, width=None):
    """Six arms with a pair of twigs each; big flakes keep to whole pixels to stay short."""
    w = width or max(r * 0.18, 1.5)
    snap = round if r >= 8 else (lambda v: v)
    parts = []
    for i in range(3):
        a = math.pi / 3 * i + math.pi / 2
        dx, dy = math.cos(a) * r, math.sin(a) * r
        parts += ["M", snap(cx - dx), snap(cy - dy), "L", snap(cx + dx), snap(cy + dy)]
    for i in range(6):
        a = math.pi / 3 * i + math.pi / 2
        mx, my = cx + math.cos(a) * r * 0.6, cy + math.sin(a) * r * 0.6
        for da in (0.6, -0.6):
            twig = (math.cos(a + da) * r * 0.32, math.sin(a + da) * r * 0.32)
            parts += ["M", snap(mx), snap(my), "l", snap(twig[0]), snap(twig[1])]
    return stroke(d(*parts), color, w)


def sparkle(cx, cy, r, fill=WHITE, **a):
    q = r * 0.22
    return path(d("M", cx, cy - r, "Q", cx + q, cy - q, cx + r, cy, "Q", cx + q, cy + q, cx, cy + r,
                  "Q", cx - q, cy + q, cx - r, cy, "Q", cx - q, cy - q, cx, cy - r, "Z"), fill, **a)


def leaf(cx, cy, length, rot, fill=GREEN, vein=None):
    """A leaf from its stalk end at (cx, cy), pointing at angle rot."""
    return group(path(d("M0 0Q", length * 0.45, -length * 0.34, length, 0, "Q", length * 0.45,
                        length * 0.34, 0, 0, "Z"), fill),
                 *([line(length * 0.1, 0, length * 0.8, 0, vein, max(length * 0.05, 1))] if vein else []),
                 transform=tf(cx, cy, rot))


def steam(x, y, h, color=WHITE, width=6, opacity=0.7):
    q = h / 4
    return stroke(d("M", x, y, "c", -q * 0.6, -q, q * 0.6, -q, 0, -2 * q, "s", q * 0.6, -q, 0, -2 * q),
                  color, width, opacity=opacity)


def limb(pairs, color, width):
    return polyline(pairs, color, width)


def bolt(cx, cy, s, fill=YELLOW, **a):
    """A lightning bolt about 60·s high."""
    return path("M6-30L-14 4H0L-6 30L16-6H2Z", fill, transform=tf(cx, cy, s=s), **a)


def bowl(cx, rim_y, rx, depth, body, food=None, rim=None, foot=None):
    """A bowl seen from the side; returns its body, the food surface and a rim."""
    ry = rx * 0.26
    out = [path(d("M", cx - rx, rim_y, "A", rx, depth, 0, 0, 0, cx + rx, rim_y, "Z"), body)]
    if foot:
        out.insert(0, rect(cx - rx * 0.32, rim_y + depth - 8, rx * 0.64, 12, foot, rx=4))
    out.append(ellipse(cx, rim_y, rx, ry, rim or body))
    if food:
        out.append(ellipse(cx, rim_y + 1, rx * 0.9, ry * 0.8, food))
    out.append(path(d("M", cx - rx * 0.82, rim_y + depth * 0.25, "Q", cx - rx * 0.7, rim_y + depth * 0.7,
                      cx - rx * 0.3, rim_y + depth * 0.86), "none", stroke=WHITE, stroke_width=rx * 0.06,
                    stroke_linecap="round", opacity=0.35))
    return group(*out)


def plate(cx, cy, r, fill="#fbf9f3", rim="#ebe6da"):
    """A plate seen from above, with a soft shadow."""
    return group(circle(cx + r * 0.04, cy + r * 0.07, r, "#000", opacity=0.12),
                 circle(cx, cy, r, fill), circle(cx, cy, r * 0.78, "none", stroke=rim, stroke_width=r * 0.04))


# --- Food, shared by stories, products and ads ---------------------------------------------------------

def apple(cx, cy, s, fill=RED, leaf_color=GREEN):
    return group(path("M0-34C22-52 56-40 54-2C52 34 24 54 0 44C-24 54-52 34-54-2C-56-40-22-52 0-34Z", fill),
                 path("M0 44C24 54 52 34 54-2C46 22 24 34 0 36Z", "#000", opacity=0.1),
                 ellipse(-28, -12, 8, 15, WHITE, opacity=0.35, transform="rotate(20 -28 -12)"),
                 stroke("M0-32Q0-46 8-56", BROWN, 5), leaf(6, -48, 30, -30, leaf_color),
                 transform=tf(cx, cy, s=s))


def tomato(cx, cy, r, fill="#e5483b"):
    star = [(cx + math.cos(math.pi * i / 5 - math.pi / 2) * r * (0.46 if i % 2 == 0 else 0.14),
             cy - r * 0.74 + math.sin(math.pi * i / 5 - math.pi / 2) * r * (0.3 if i % 2 == 0 else 0.1))
            for i in range(10)]
    return group(ellipse(cx, cy, r, r * 0.9, fill),
                 path(d("M", cx - r, cy, "A", r, r * 0.9, 0, 0, 0, cx + r, cy, "A", r, r * 0.6, 0, 0, 1, cx - r, cy),
                      "#000", opacity=0.1),
                 ellipse(cx - r * 0.4, cy - r * 0.35, r * 0.2, r * 0.12, WHITE, opacity=0.45,
                         transform=f"rotate(-30 {fmt(cx - r * 0.4)} {fmt(cy - r * 0.35)})"),
                 poly(star, GREEN))


def carrot(x, y, length, rot, fill=ORANGE):
    """A carrot whose leafy top is at (x, y), pointing at angle rot (0 = down)."""
    return group(path("M-10 6C-30-14-26-30-20-38C-14-26-8-14 0 0Z", GREEN),
                 path("M10 6C30-14 26-30 20-38C14-26 8-14 0 0Z", GREEN),
                 path("M-4 2C-8-20-4-36 2-44C6-32 6-16 4 2Z", LEAF),
                 path("M-15 0C-15 30-6 70 0 100C6 70 15 30 15 0Q0-6-15 0Z", fill),
                 stroke("M-12 24h8M4 44h8M-8 64h6", "#000", 3, opacity=0.15),
                 transform=tf(x, y, rot, length / 100))


def broccoli(x, y, s):
    """A broccoli floret standing on (x, y)."""
    return group(path("M-12 0L-8-40H8L12 0Z", "#9ccc65"),
                 *[circle(cx, cy, r, "#3f8f3a") for cx, cy, r in
                   [(-24, -50, 20), (0, -62, 24), (24, -50, 20), (-10, -40, 18), (12, -40, 18)]],
                 *[circle(cx, cy, r, "#5aa84f") for cx, cy, r in [(-24, -56, 9), (-2, -70, 10), (22, -56, 9)]],
                 transform=tf(x, y, s=s))


def strawberry(cx, cy, s, rot=0):
    return group(path("M0 40C-22 24-32 2-28-14C-24-28-8-30 0-24C8-30 24-28 28-14C32 2 22 24 0 40Z", "#e8384f"),
                 path("M0 40C-22 24-32 2-28-14C-20 6-8 20 0 22C8 20 20 6 28-14C32 2 22 24 0 40Z",
                      "#000", opacity=0.1),
                 dots([(-14, -10), (0, -12), (14, -10), (-18, 4), (-6, 2), (8, 2), (18, 4), (-10, 16), (4, 16),
                       (0, 28)], "#ffe08a", 3.2),
                 path("M-20-22L-6-22L0-34L6-22L20-22L8-14L0-18L-8-14Z", GREEN),
                 transform=tf(cx, cy, rot, s))


def blueberry(cx, cy, r):
    return group(circle(cx, cy, r, "#4a5fb5"), circle(cx - r * 0.3, cy - r * 0.3, r * 0.3, WHITE, opacity=0.3),
                 sparkle(cx + r * 0.2, cy - r * 0.15, r * 0.35, "#2d3a7a"))


def bean(cx, cy, s, rot, fill="#7b1f2e"):
    """A kidney bean about 18·s long."""
    return group(path("M-9-2C-9-7-2-7 2-5C6-4 9-1 8 3C6 7-9 7-9-2Z", fill),
                 ellipse(-3, -3, 3, 1.3, WHITE, opacity=0.35), transform=tf(cx, cy, rot, s))


def chilli(x, y, s, rot, fill=RED):
    """A chilli hanging from its stalk at (x, y)."""
    return group(path("M0 0C10 0 16 10 14 30C12 52 0 70-20 78C-6 60-6 40-10 20C-12 8-8 0 0 0Z", fill),
                 path("M8 8C10 24 8 40 0 52", "none", stroke=WHITE, stroke_width=3, stroke_linecap="round",
                      opacity=0.35),
                 stroke("M0 2C0-8 6-14 14-16", FOREST, 6), transform=tf(x, y, rot, s))


def citrus_slice(cx, cy, r, rind=YELLOW, pulp="#fff09a"):
    spokes = []
    for i in range(8):
        a = math.pi / 4 * i
        spokes += ["M", cx, cy, "L", cx + math.cos(a) * r * 0.8, cy + math.sin(a) * r * 0.8]
    return group(circle(cx, cy, r, rind), circle(cx, cy, r * 0.88, "#fffbe6"), circle(cx, cy, r * 0.8, pulp),
                 stroke(d(*spokes), "#fffbe6", r * 0.08))


def banana(cx, cy, s, rot=0):
    return group(path("M-58-20C-40 24 30 34 60-6C62-12 56-14 52-10C24 16-24 14-48-24Z", "#ffd54f"),
                 path("M-58-20C-40 24 30 34 60-6C40 20-24 26-50-12Z", "#f4b400", opacity=0.8),
                 path("M-58-20l-6-6 6-4 8 6z", "#6d4c2b"), circle(60, -8, 3, "#6d4c2b"),
                 transform=tf(cx, cy, rot, s))


def egg(cx, cy, s, fill="#f3e3cc"):
    return group(path("M0-40C22-40 32-6 32 10C32 30 18 42 0 42C-18 42-32 30-32 10C-32-6-22-40 0-40Z", fill),
                 ellipse(-12, -14, 6, 11, WHITE, opacity=0.45, transform="rotate(20 -12 -14)"),
                 transform=tf(cx, cy, s=s))


def milk_carton(cx, base, s, rot=0, band="#3a7bd5"):
    """A gable-topped milk carton standing on (cx, base), about 160·s high."""
    return group(rect(-34, -116, 44, 116, WHITE), path("M10-116L32-104V0H10Z", "#dfe6ec"),
                 path("M-34-116L-24-146H20L10-116Z", "#f4f7fa"), path("M10-116L20-146L32-104Z", "#cfd8df"),
                 rect(-24, -154, 44, 10, "#f4f7fa", rx=2), rect(-34, -70, 44, 40, band),
                 path("M10-70L32-62V-24L10-30Z", band), path("M10-70L32-62V-24L10-30Z", "#000", opacity=0.15),
                 path("M-26-46q8-10 14 0t14 0", "none", stroke=WHITE, stroke_width=4, stroke_linecap="round"),
                 transform=tf(cx, base, rot, s))


# --- Story pictures, 640×360 -----------------------------------------------------------------------------
# Each scene is drawn so that its subject stays inside the middle 480×360, the part a 4:3 thumbnail keeps.

STORIES = {}


def story(seed, *background):
    def register(draw):
        STORIES[seed] = (draw, background)
        return draw
    return register


@story("ferry", "#8fcbe9", "#e4f4fb")
def ferry(doc):
    doc.add(sun(520, 78, 32), cloud(480, 112, 1.1), cloud(150, 84, 0.8, opacity=0.9),
            stroke("M200 60q8-8 16 0q8-8 16 0M250 80q6-6 12 0q6-6 12 0", INK, 3, opacity=0.6))
    doc.add(ridge([(0, 190), (60, 150), (120, 185), (200, 105), (280, 175), (340, 140), (420, 200),
                   (500, 128), (580, 180), (640, 150)], 250, "#9dbad0", cap=WHITE))
    doc.add(poly([(0, 252), (0, 172), (90, 200), (190, 252)], "#4f7d74"),
            poly([(640, 252), (640, 165), (560, 195), (450, 252)], "#5b8a7a"))
    for i, (wall, roof) in enumerate([(RED, "#9e2a2b"), (YELLOW, "#b5651d"), (WHITE, CHARCOAL),
                                      ("#e07a5f", "#7a3b2e"), ("#f2cc8f", "#8a5a3c")]):
        doc.add(house(472 + i * 30, 250, 26, 30, wall, roof, window="#2f5d8a"))
    doc.add(rect(0, 248, 640, 112, doc.linear("#4a94d1", "#24609b")))
    for x, y, w in [(60, 300, 60), (520, 296, 70), (430, 330, 50), (110, 336, 40), (560, 340, 50)]:
        doc.add(line(x, y, x + w, y, WHITE, 3, opacity=0.35))
    # The ferry, bow to the right.
    doc.add(ellipse(330, 290, 160, 9, "#0b2a4a", opacity=0.3),
            wave_line(70, 190, 286, 3, 24, WHITE, 4, opacity=0.7),
            path("M182 244H474Q468 268 448 284H204Q188 268 182 244Z", NAVY),
            rect(184, 244, 288, 9, RED),
            rect(206, 210, 250, 34, WHITE, rx=4), rect(206, 238, 250, 6, "#d5dee6"),
            rect(236, 182, 172, 28, WHITE, rx=4), rect(236, 204, 172, 6, "#d5dee6"),
            rect(302, 160, 82, 22, WHITE, rx=4), rect(308, 166, 70, 8, "#2f5d8a", rx=3),
            path("M258 182L262 146H288L292 182Z", YELLOW), path("M261 156L262 146H288L289 156Z", INK),
            line(360, 160, 360, 136, INK, 3), path("M360 136h18l-5 6 5 6h-18z", RED))
    doc.add(dots([(222 + i * 22, 225) for i in range(10)], "#2f5d8a", 11),
            dots([(252 + i * 22, 195) for i in range(7)], "#2f5d8a", 10),
            path("M464 284q14-2 22 4q-12 4-26 2z", WHITE, opacity=0.8))


@story("market", "#fde7cf", "#f8cba0")
def market(doc):
    doc.add(halo(300, 170, 170))
    ground(doc, 292, "#d9b48c")
    doc.add(stroke("".join(d("M", x + (18 if row % 2 else 0), 307 + row * 20, "h16")
                           for row in range(3) for x in range(-10, 660, 36)), "#e8c9a4", 14))
    doc.add(rect(126, 100, 10, 196, BROWN), rect(424, 100, 10, 196, BROWN))
    stripes = [rect(110 + i * 34, 78, 34, 40, RED if i % 2 == 0 else WHITE) for i in range(10)]
    scallops = [path(d("M", 110 + i * 34, 117, "a17 17 0 0 0 34 0z"), RED if i % 2 == 0 else WHITE)
                for i in range(10)]
    doc.add(*stripes, *scallops, rect(104, 66, 352, 16, "#9e2a2b", rx=6))
    doc.add(shadow(280, 298, 170, 10), rect(116, 196, 328, 100, WOOD, rx=6),
            stroke("M116 230H444M116 262H444", BROWN, 3, opacity=0.5),
            rect(126, 182, 308, 26, ICE, rx=12))
    for x, y, body, back, flip in [(180, 182, "#9bb7cf", "#6c8fb0", False), (262, 178, "#f4896b", "#cf5f48", True),
                                   (340, 182, "#a9c1d6", "#5f7fa0", False), (398, 176, "#f4896b", "#cf5f48", True)]:
        doc.add(fish(x, y, 92, body, back, "#eef4f8", rot=-8 if flip else 6, flip=flip))
    doc.add(dots(scatter(14, 132, 196, 430, 204, 3), WHITE, 5, opacity=0.8))
    # "No cars" sign.
    doc.add(rect(505, 190, 8, 106, SLATE), circle(509, 152, 46, WHITE),
            circle(509, 152, 40, "none", stroke=RED, stroke_width=10),
            path("M484 164v-10q0-5 5-6l6-1 7-9h16l8 9 6 1q4 1 4 6v10z", INK),
            path("M500 147l5-6h12l5 6z", WHITE), circle(494, 165, 6, INK), circle(526, 165, 6, INK),
            circle(494, 165, 2.5, WHITE), circle(526, 165, 2.5, WHITE), line(481, 124, 537, 180, RED, 9))


@story("students", "#d5e6ff", "#a4c4f2")
def students(doc):
    for i, h in enumerate([70, 100, 130, 165, 205]):
        doc.add(rect(110 + i * 90, 300 - h, 58, h, WHITE, rx=8, opacity=0.35))
    doc.add(arrow([(110, 210), (250, 160), (340, 150), (520, 60)], WHITE, 7), shadow(320, 300, 150, 12))
    # Wrench behind the helmet.
    doc.add(group(rect(-9, -70, 18, 150, "#8d9aa6", rx=9),
                  path("M-7-101A22 22 0 1 0 7-101V-84H-7Z", "#8d9aa6"),
                  rect(-3, -50, 6, 110, WHITE, rx=3, opacity=0.3), transform=tf(226, 190, -38)))
    # Light bulb.
    doc.add(glow(doc, 470, 132, 80, YELLOW, 0.8), circle(470, 126, 38, "#ffe27a"),
            path("M452 150h36l-6 24h-24z", "#ffe27a"),
            rect(454, 172, 32, 10, SLATE, rx=3), rect(456, 184, 28, 10, "#9aa7b2", rx=3),
            stroke("M458 146l6-20 6 14 6-14 6 20", "#e0a21b", 3),
            path("M444 114a28 28 0 0 1 20-20", "none", stroke=WHITE, stroke_width=6, stroke_linecap="round",
                 opacity=0.7))
    # Hard hat.
    doc.add(path("M222 262A98 92 0 0 1 418 262Z", "#ffc43d"),
            path("M306 172Q320 166 334 172L338 262H302Z", "#f4a63a"),
            path("M246 230A80 70 0 0 1 300 180", "none", stroke=WHITE, stroke_width=10, stroke_linecap="round",
                 opacity=0.45),
            rect(196, 256, 248, 22, "#f4a63a", rx=11), rect(196, 270, 248, 8, "#000", opacity=0.08))


@story("railway", "#bfe2f6", "#eef7fc")
def railway(doc):
    doc.add(sun(120, 70, 26, "#fff3c4"))
    doc.add(ridge([(0, 170), (90, 90), (180, 150), (290, 70), (400, 140), (500, 80), (640, 160)], 360,
                  "#b9cde0", cap=WHITE, t=0.32))
    doc.add(poly([(0, 360), (0, 300), (640, 110), (640, 360)], "#f4f8fb"),
            poly([(0, 360), (0, 330), (640, 150), (640, 200), (300, 360)], "#dbe7f1"))
    for x, y, h in [(520, 196, 50), (560, 200, 64), (600, 178, 56), (470, 225, 44), (80, 320, 40)]:
        doc.add(pine(x, y, h, FOREST, snow=WHITE))
    # Track and train, climbing to the right.
    sleepers = el("path", d="".join(d("M", x, -3, "v18") for x in range(-400, 400, 22)), stroke="#8a6a52",
                  stroke_width=6)
    doc.add(group(sleepers, line(-400, 0, 400, 0, CHARCOAL, 3), line(-400, 12, 400, 12, CHARCOAL, 3),
                  rect(-150, -60, 136, 52, RED, rx=10), rect(-8, -60, 148, 52, RED, rx=10),
                  path("M126-60h4q14 0 14 14v30h-18z", "#b3202d"),
                  rect(-150, -64, 136, 10, "#b3202d", rx=5), rect(-8, -64, 136, 10, "#b3202d", rx=5),
                  *[rect(x, -46, 20, 16, ICE, rx=3) for x in (-138, -110, -82, -54, 4, 32, 60, 88)],
                  rect(122, -46, 14, 16, ICE, rx=3),
                  rect(-150, -24, 290, 5, WHITE, opacity=0.7),
                  *[circle(x, -6, 7, INK) for x in (-128, -40, 20, 110)],
                  transform=tf(330, 210, -17)))
    # Barrier: the line is closed.
    doc.add(shadow(250, 326, 120, 8), rect(148, 276, 8, 50, CHARCOAL), rect(344, 276, 8, 50, CHARCOAL),
            rect(130, 262, 240, 22, WHITE, rx=5),
            *[path(d("M", 142 + i * 48, 262, "h22l-20 22h-22z"), RED) for i in range(5)],
            path("M402 330L420 264h12l18 66z", ORANGE), path("M412 294h28l3 12h-34z", WHITE),
            rect(394, 326, 64, 8, ORANGE, rx=3))
    doc.add(dots(scatter(30, 0, 0, 640, 250, 11), WHITE, 5))


@story("maps", "#ead8ba", "#d2b083")
def maps(doc):
    doc.add(halo(320, 180, 190, 0.25), shadow(320, 312, 220, 14))
    doc.add(rect(126, 66, 388, 236, "#f6e7c3"), rect(126, 66, 388, 236, doc.linear("#fff6df", "#ecd6a8")))
    sea = doc.clip(rect(126, 66, 388, 236, "#000"))
    doc.add(group(path("M126 66H290C270 96 306 108 286 134C266 158 320 168 300 196C282 222 330 236 312 258"
                       "C298 276 318 290 312 302H126Z", "#a8d4dc"),
                  path("M200 150c16-12 36-4 30 10s-30 10-30-10z", "#f6e7c3"),
                  path("M176 236c10-8 24-2 18 6s-20 4-18-6z", "#f6e7c3"),
                  wave_line(140, 250, 96, 3, 20, "#7fb6c4", 2), wave_line(140, 230, 276, 3, 20, "#7fb6c4", 2),
                  stroke("M290 66C270 96 306 108 286 134C266 158 320 168 300 196C282 222 330 236 312 258"
                         "C298 276 318 290 312 302", "#a57b4f", 3),
                  stroke("M340 110q40-24 80 0t70 10M350 170q30-20 60-4t80-6", "#c9a57a", 2.5),
                  path("M372 238l16-28 16 28zM402 240l12-22 12 22z", "#b9916a"),
                  stroke("M228 120q40 30 84 20t70 60q20 30 60 26", RED, 4, stroke_dasharray="2 10"),
                  path("M452 238l10-10m-10 0l10 10", "none", stroke=RED, stroke_width=4, stroke_linecap="round"),
                  clip_path=sea))
    doc.add(rect(106, 58, 30, 252, "#e4c995", rx=15), rect(504, 58, 30, 252, "#e4c995", rx=15),
            rect(112, 62, 8, 244, WHITE, rx=4, opacity=0.4), rect(510, 62, 8, 244, WHITE, rx=4, opacity=0.4),
            rect(126, 66, 388, 236, "none", stroke="#c9a57a", stroke_width=2))
    # Compass rose.
    doc.add(circle(450, 116, 30, "none", stroke="#a57b4f", stroke_width=2),
            path("M450 80L458 116L450 152L442 116Z", NAVY), path("M414 116L450 108L486 116L450 124Z", "#a57b4f"),
            path("M450 80L458 116H442Z", RED), circle(450, 116, 4, "#f6e7c3"))
    # Magnifying glass.
    doc.add(group(rect(-8, 40, 16, 60, "#6b4a2b", rx=8), circle(0, 0, 44, WHITE, opacity=0.3),
                  circle(0, 0, 44, "none", stroke=CHARCOAL, stroke_width=10),
                  path("M-26-14a28 28 0 0 1 18-16", "none", stroke=WHITE, stroke_width=5,
                       stroke_linecap="round", opacity=0.8), transform=tf(420, 250, -38)))


@story("bridge", "#0d1f3f", "#2a4777")
def bridge(doc):
    doc.add(dots(scatter(40, 0, 0, 640, 150, 5), WHITE, 2.5, opacity=0.8),
            path("M552 40a30 30 0 1 0 24 48a24 24 0 1 1-24-48z", "#fdf0c4"))
    doc.add(path("M0 226V196h30v-18h24v24h26v-34h30v58h40v-20h30v20z", "#1a2f55"),
            path("M480 226v-30h24v-26h30v40h20v-52h28v36h30v32h28v0z", "#1a2f55"))
    doc.add(rect(0, 226, 640, 134, doc.linear("#16305a", "#0b1b36")))
    lamps = list(range(40, 620, 48))
    walker = 330
    lit = [x for x in lamps if abs(x - walker) < 120]
    ripples = [(246, 14), (260, 10), (274, 12), (290, 7), (306, 5)]
    doc.add(stroke("".join(d("M", x - w, y, "h", 2 * w) for x in lit for y, w in ripples), "#ffd166", 3,
                   opacity=0.55))
    doc.add(rect(172, 70, 12, 250, "#3d5a85"), rect(196, 70, 12, 250, "#3d5a85"),
            rect(432, 70, 12, 250, "#3d5a85"), rect(456, 70, 12, 250, "#3d5a85"),
            rect(172, 96, 36, 8, "#3d5a85"), rect(432, 96, 36, 8, "#3d5a85"),
            rect(172, 150, 36, 8, "#3d5a85"), rect(432, 150, 36, 8, "#3d5a85"))
    cable = [(0, 150), (95, 215), (190, 78), (320, 250), (450, 78), (545, 215), (640, 150)]
    hangers = []
    for (x0, y0), (cx, cy), (x1, y1) in [(cable[0], cable[1], cable[2]), (cable[2], cable[3], cable[4]),
                                         (cable[4], cable[5], cable[6])]:
        for i in range(1, 10):
            t = i / 10
            x = (1 - t) ** 2 * x0 + 2 * t * (1 - t) * cx + t * t * x1
            y = (1 - t) ** 2 * y0 + 2 * t * (1 - t) * cy + t * t * y1
            hangers += ["M", x, y, "V", 212]
    doc.add(stroke(d(*hangers), "#6f87ad", 1.5),
            stroke(d("M", *cable[0], "Q", *cable[1], *cable[2], "Q", *cable[3], *cable[4], "Q", *cable[5],
                     *cable[6]), "#8fa7c9", 4))
    doc.add(rect(0, 212, 640, 16, "#2c4670"), rect(0, 226, 640, 6, "#1c3358"))
    lamp_glow = doc.radial("#ffd166", 0.8)
    doc.add(stroke("".join(d("M", x, 212, "V", 188) for x in lamps), "#8fa7c9", 3),
            *[circle(x, 186, 26, lamp_glow) for x in lit],
            dots([(x, 186) for x in lamps if x not in lit], "#55698c", 10),
            dots([(x, 186) for x in lit], "#ffe9a8", 10))
    doc.add(circle(walker, 186, 5, "#0b1b36"),
            polyline([(walker - 6, 212), (walker, 200), (walker + 6, 212)], "#0b1b36", 4),
            line(walker, 192, walker, 200, "#0b1b36", 6),
            polyline([(walker - 6, 202), (walker, 194), (walker + 6, 202)], "#0b1b36", 3))


@story("swimming", "#7e9fd8", "#f5b3a6", "#ffd9a0")
def swimming(doc):
    doc.add(glow(doc, 320, 214, 130, "#fff1c1", 0.8), sun(320, 214, 58, "#ffe08a"))
    flags = [RED, YELLOW, TEAL, WHITE, BLUE, CORAL, LEAF, YELLOW, RED, TEAL]
    doc.add(stroke("M-10 30Q320 110 650 30", INK, 2))
    for i, color in enumerate(flags):
        x = 20 + i * 64
        t = (x + 10) / 660
        y = (1 - t) ** 2 * 30 + 2 * t * (1 - t) * 110 + t * t * 30
        doc.add(poly([(x - 14, y - 2), (x + 14, y + 1), (x, y + 28)], color))
    doc.add(rect(0, 214, 640, 146, doc.linear("#6c8fc4", "#2c4f82")))
    for i, w in enumerate([110, 80, 60, 40]):
        doc.add(line(320 - w / 2, 228 + i * 14, 320 + w / 2, 228 + i * 14, "#ffe08a", 4, opacity=0.7))
    doc.add(path("M0 260Q60 236 120 262T200 300L230 360H0Z", "#f4f8fb"),
            path("M0 300Q80 286 160 320L190 360H0Z", "#dbe7f1"))
    doc.add(rect(470, 244, 170, 12, "#8a5a3c"), *[rect(x, 256, 8, 70, "#6b4a2b") for x in (490, 560, 630)],
            stroke("M478 256v60M498 256v60M478 276h20M478 296h20", "#c0c9d1", 4))
    for x, y, cap, skin, r, wave in [(226, 272, RED, SKIN, 26, False), (330, 292, YELLOW, SKIN_DARK, 28, True),
                                     (430, 262, WHITE, "#e0ac69", 24, False)]:
        if wave:
            doc.add(limb([(x + r * 1.1, y + r), (x + r * 1.5, y - r * 1.3)], skin, r * 0.45),
                    circle(x + r * 1.55, y - r * 1.5, r * 0.32, skin))
        cap_y = y - r * 0.2
        half = math.sqrt(r * r - (r * 0.2) ** 2)
        doc.add(circle(x, y, r, skin), path(d("M", x - half, cap_y, "A", r, r, 0, 0, 1, x + half, cap_y, "Z"), cap),
                circle(x - r * 0.35, y - r * 0.55, r * 0.18, WHITE, opacity=0.45),
                dots([(x - r * 0.35, y + r * 0.15), (x + r * 0.35, y + r * 0.15)], INK, r * 0.16),
                ellipse(x, y + r, r * 1.9, r * 0.4, "#5d86bd"),
                ellipse(x, y + r, r * 1.9, r * 0.4, "none", stroke=WHITE, stroke_width=3, opacity=0.8),
                ellipse(x, y + r * 1.1, r * 2.8, r * 0.6, "none", stroke=WHITE, stroke_width=2, opacity=0.4))
    doc.add(dots(scatter(10, 0, 60, 640, 200, 2), WHITE, 4, opacity=0.8))


@story("hospital", "#d6f2ec", "#a6dccf")
def hospital(doc):
    ground(doc, 300, "#8fcfb4")
    doc.add(path("M280 360L300 300H340L360 360Z", "#e9f4ef"))
    doc.add(round_tree(110, 300, 34, "#4fa36a"), round_tree(540, 300, 30, "#5aa84f"))
    doc.add(shadow(320, 302, 200, 8), rect(140, 160, 70, 140, "#e6eef1"), rect(430, 160, 70, 140, "#e6eef1"),
            rect(190, 100, 260, 200, "#f7fafc"), rect(400, 100, 50, 200, "#e3ebef"),
            rect(184, 92, 272, 14, "#cfdde3", rx=4))
    windows = [(x, y) for x in (212, 262, 352, 402) for y in (126, 176)]
    windows += [(152, 190), (152, 240), (452, 190), (452, 240)]
    doc.add(*[rect(x, y, 34, 28, "#9fd3f5", rx=3) for x, y in windows])
    doc.add(rect(292, 226, 56, 74, "#7fb8e0"), line(320, 228, 320, 300, WHITE, 3),
            rect(282, 214, 76, 12, TEAL, rx=3))
    doc.add(circle(320, 160, 26, WHITE), circle(320, 160, 26, "none", stroke=NAVY, stroke_width=5),
            polyline([(320, 144), (320, 160), (332, 166)], NAVY, 4))
    doc.add(rect(290, 30, 60, 60, WHITE, rx=10), rect(312, 38, 16, 44, RED, rx=3), rect(298, 52, 44, 16, RED, rx=3))
    # A calendar with the weekend marked.
    doc.add(group(rect(0, 0, 92, 84, WHITE, rx=10), rect(0, 0, 92, 22, RED, rx=10), rect(0, 12, 92, 10, RED),
                  *[rect(10 + c * 15, 30 + r * 16, 10, 10, GREY, rx=2) for r in range(3) for c in range(5)],
                  rect(70, 62, 10, 10, GREEN, rx=2), rect(55, 62, 10, 10, GREEN, rx=2),
                  transform=tf(500, 40, 8)))


@story("bioplastic", "#d7f3e8", "#a7dcc8")
def bioplastic(doc):
    doc.add(halo(320, 180, 170, 0.28))
    ground(doc, 300, "#8fcab3")
    doc.add(shadow(180, 300, 110, 10), fish(190, 200, 220, "#6c9bc4", "#3f6f9a", "#cfe2f1", scales=True, rot=-6))
    doc.add(dots([(296, 150), (318, 132), (340, 124)], "#cfe2f1", 14),
            arrow([(284, 206), (304, 190), (326, 182), (348, 182), (366, 186)], TEAL, 6))
    # A roll of compostable film with a seedling.
    doc.add(shadow(470, 300, 90, 10),
            path("M404 108H536V268Q504 258 470 272T404 262Z", "#eafcff", opacity=0.75),
            path("M420 130L460 130L430 240L410 240Z", WHITE, opacity=0.5),
            rect(394, 92, 152, 32, doc.linear("#cfeff5", "#8fcad6"), rx=16),
            ellipse(546, 108, 9, 16, "#7bb7c4"), ellipse(546, 108, 4, 7, "#4d8a97"))
    doc.add(ellipse(470, 298, 40, 12, "#8a5a3c"), stroke("M470 296V248", FOREST, 5),
            leaf(470, 262, 42, -150, LEAF, FOREST), leaf(470, 250, 38, -30, GREEN, FOREST))


@story("wind", "#7cc4ee", "#d8effb")
def wind(doc):
    doc.add(sun(110, 76, 28, "#ffe9a0"), cloud(520, 80, 1), cloud(250, 60, 0.6, opacity=0.8))
    doc.add(rect(0, 236, 640, 124, doc.linear("#3a8fd0", "#1d5c98")),
            path("M470 240Q560 200 640 206V240Z", "#6aa36b"))
    for i, x in enumerate((520, 556, 590, 620)):
        doc.add(house(x, 238, 20, 18, [WHITE, YELLOW, CORAL, WHITE][i], CHARCOAL, window="#ffd166"))
    for x, base, h, angle in [(120, 262, 120, 55), (220, 276, 180, 12), (350, 262, 150, 40), (460, 250, 104, 80)]:
        blade = d("M-3 0Q", -7, -h * 0.26, 0, -h * 0.5, "Q", 6, -h * 0.26, 3, 0, "Z")
        doc.add(line(x - 30, base + 6, x + 30, base + 6, WHITE, 2, opacity=0.5),
                rect(x - 7, base - 10, 14, 14, YELLOW),
                poly([(x - h * 0.03, base - 10), (x + h * 0.03, base - 10), (x + h * 0.012, base - h),
                      (x - h * 0.012, base - h)], "#f4f7fa"),
                poly([(x, base - 10), (x + h * 0.03, base - 10), (x + h * 0.012, base - h), (x, base - h)], "#d5dee6"),
                rect(x - h * 0.03, base - h - h * 0.03, h * 0.09, h * 0.05, "#e6ecf1", rx=3),
                group(*[path(blade, WHITE, transform=f"rotate({angle + k * 120})") for k in range(3)],
                      circle(0, 0, h * 0.03, "#d5dee6"), transform=tf(x, base - h)))
    for x, y, w in [(60, 300, 50), (300, 320, 70), (520, 290, 60), (150, 340, 40), (440, 344, 50)]:
        doc.add(line(x, y, x + w, y, WHITE, 3, opacity=0.35))


@story("buses", "#c3e2f6", "#eaf6fc")
def buses(doc):
    for x, w, h in [(0, 70, 140), (80, 90, 100), (190, 60, 170), (270, 110, 120), (400, 70, 190), (490, 80, 110),
                    (580, 60, 160)]:
        doc.add(rect(x, 290 - h, w, h, "#a9c7de"))
    doc.add(dots([(x + 14 + c * 20, 300 - h + r * 26) for x, w, h in
                  [(80, 90, 100), (270, 110, 120), (490, 80, 110)] for c in range(3) for r in range(3)],
                 "#c6dbeb", 8))
    ground(doc, 286, "#c9d3da")
    doc.add(rect(0, 300, 640, 60, "#5c6b77"),
            stroke("".join(d("M", x, 334, "h60") for x in range(20, 640, 120)), WHITE, 4, opacity=0.7))
    # Stop with a live arrivals screen.
    doc.add(rect(152, 120, 8, 174, SLATE), shadow(156, 292, 30, 5),
            rect(92, 96, 140, 104, INK, rx=12), rect(102, 106, 120, 84, "#0f1b2a", rx=6))
    for i, (badge, w) in enumerate([(AMBER, 70), (TEAL, 50), (CORAL, 62)]):
        y = 118 + i * 24
        doc.add(rect(110, y, 26, 14, badge, rx=4), rect(142, y + 3, w, 8, WHITE, rx=4, opacity=0.8))
    doc.add(circle(212, 112, 4, "#7ee081"))
    # Bus.
    doc.add(shadow(404, 296, 170, 8), rect(252, 150, 306, 134, RED, rx=20),
            rect(252, 150, 306, 20, "#000", rx=10, opacity=0.08),
            *[rect(x, 176, 46, 50, "#cfe9f7", rx=6) for x in (324, 380, 436)],
            path("M496 176H532Q546 176 548 190L552 226H496Z", "#cfe9f7"),
            rect(264, 176, 48, 98, "#a9d3ec", rx=5), line(288, 178, 288, 272, RED, 3),
            rect(498, 158, 48, 12, INK, rx=3), rect(504, 161, 30, 6, AMBER, rx=2),
            rect(252, 238, 306, 10, WHITE, opacity=0.6), circle(548, 258, 8, "#ffe9a0"),
            *[path(d("M", x, 190, "l16-14h10l-26 22z"), WHITE, opacity=0.5) for x in (328, 384, 440, 500)],
            wheel(330, 284, 22), wheel(490, 284, 22))


@story("satellite", "#0b1838", "#22407a")
def satellite(doc):
    doc.add(dots(scatter(60, 0, 0, 640, 280, 7), WHITE, 2.4, opacity=0.7),
            sparkle(110, 80, 9), sparkle(540, 60, 7), sparkle(580, 210, 6))
    doc.add(circle(320, 800, 512, "#7cc4ee", opacity=0.25))
    earth = doc.clip(circle(320, 800, 500, "#000"))
    doc.add(group(circle(320, 800, 500, doc.linear("#3f93d6", "#1d4f8f")),
                  path("M210 318q30-26 90-22t90-6q50 4 60 30t-40 40H230q-40-10-20-42z", "#eaf4fb"),
                  path("M520 330q20-14 50-6t20 20-50 10-20-24zM80 340q30-14 60-4t0 30-60-26z", "#eaf4fb"),
                  path("M250 330q40-12 90 0t80-2", "none", stroke="#bcd9ee", stroke_width=4),
                  clip_path=earth))
    doc.add(poly([(300, 190), (340, 190), (420, 300), (220, 300)], "#bfe3ff", opacity=0.14))
    doc.add(ellipse(320, 150, 230, 60, "none", stroke=WHITE, stroke_width=2, stroke_dasharray="4 10",
                    opacity=0.35))
    # A CubeSat with two solar wings.
    doc.add(group(
        poly([(-168, -12), (-50, -12), (-58, 22), (-176, 22)], "#2f5fb3"),
        poly([(50, -12), (168, -12), (176, 22), (58, 22)], "#2f5fb3"),
        stroke("M-138-12L-146 22M-108-12L-116 22M-78-12L-86 22M-172 5H-54M80-12L88 22M110-12L118 22"
               "M140-12L148 22M54 5H172", "#8fb8f0", 2),
        line(-50, 4, -30, 4, GREY, 4), line(30, 4, 50, 4, GREY, 4),
        poly([(-32, -34), (0, -50), (32, -34), (0, -18)], "#f1f4f7"),
        poly([(-32, -34), (0, -18), (0, 30), (-32, 14)], "#c3ccd5"),
        poly([(0, -18), (32, -34), (32, 14), (0, 30)], "#94a3b1"),
        poly([(-26, -24), (-6, -14), (-6, 18), (-26, 8)], "#2f5fb3"),
        poly([(6, -14), (26, -24), (26, 8), (6, 18)], "#234a8c"),
        line(0, -42, 10, -72, GREY, 3), circle(10, -74, 5, RED),
        transform=tf(320, 150, -8)))


@story("robots", "#1f2b4d", "#34446e")
def robots(doc):
    doc.add(poly([(0, 276), (640, 276), (640, 360), (0, 360)], "#2a3658"),
            stroke("M40 300H600M0 330H640", "#3d4b75", 3))
    doc.add(rect(80, 60, 130, 110, "#0f1a33", rx=6),
            rect(80, 60, 130, 110, "none", stroke="#8fa0b8", stroke_width=8, rx=6),
            line(145, 60, 145, 170, "#8fa0b8", 6), path("M118 84a18 18 0 1 0 16 28a14 14 0 1 1-16-28z", "#fdf0c4"),
            dots([(170, 88), (186, 130), (98, 140)], WHITE, 3))
    doc.add(rect(430, 84, 140, 192, "#8fa0b8", rx=4), rect(440, 94, 58, 182, "#b8c4d6"),
            rect(502, 94, 58, 182, "#b8c4d6"), rect(584, 160, 20, 40, "#8fa0b8", rx=4),
            path("M594 166l6 8h-12z", "#7ee081"), path("M594 194l6-8h-12z", "#55698c"))
    # The night-shift robot with a sealed box.
    doc.add(ellipse(310, 300, 110, 14, "#5ce1e6", opacity=0.18), circle(250, 296, 14, INK), circle(370, 296, 14, INK),
            rect(230, 176, 160, 114, "#eef2f7", rx=26), path("M360 176h4q26 0 26 26v62q0 26-26 26h-4z", "#cbd5e1"),
            rect(252, 196, 116, 46, INK, rx=16), rect(276, 210, 22, 8, "#5ce1e6", rx=4),
            rect(322, 210, 22, 8, "#5ce1e6", rx=4), stroke("M296 226q14 8 28 0", "#5ce1e6", 4),
            rect(248, 118, 124, 60, WHITE, rx=8), rect(248, 118, 124, 12, "#d5dee6", rx=6),
            rect(302, 132, 16, 40, RED, rx=2), rect(290, 144, 40, 16, RED, rx=2),
            line(310, 118, 310, 96, GREY, 4), circle(310, 92, 7, "#7ee081"),
            circle(310, 92, 16, doc.radial("#7ee081", 0.6)))


@story("water", "#bde6f6", "#eef9fd")
def water(doc):
    doc.add(sun(560, 60, 26), cloud(110, 70, 0.8))
    doc.add(wave_band(0, 660, 190, 4, 40, 360, doc.linear("#3fb8cf", "#1f7ea8")),
            wave_band(0, 660, 282, 6, 80, 360, SAND), wave_line(0, 660, 282, 6, 80, WHITE, 5, opacity=0.8))
    doc.add(rect(128, 150, 6, 150, WHITE), path("M66 158A65 44 0 0 1 196 158Z", CORAL),
            path("M110 158Q112 120 131 114Q150 120 152 158Z", WHITE), shadow(132, 300, 50, 7))
    doc.add(rect(508, 214, 24, 30, RED, rx=6), rect(508, 226, 24, 8, WHITE), shadow(520, 244, 20, 3))
    doc.add(shadow(330, 296, 70, 8),
            path("M330 52C316 76 262 140 262 186A68 68 0 0 0 398 186C398 140 344 76 330 52Z",
                 doc.linear("#7ad6f3", "#2a83c5")),
            path("M372 150A60 60 0 0 1 384 196", "none", stroke=WHITE, stroke_width=7, stroke_linecap="round",
                 opacity=0.6),
            polyline([(292, 196), (310, 178), (326, 188), (346, 160), (366, 170)], WHITE, 6),
            dots([(292, 196), (310, 178), (326, 188), (346, 160), (366, 170)], WHITE, 12))
    doc.add(circle(404, 238, 30, WHITE), circle(404, 238, 30, "none", stroke=NAVY, stroke_width=5),
            polyline([(404, 222), (404, 238), (416, 246)], NAVY, 4))


@story("shipping", "#cfe7f6", "#f3f9fd")
def shipping(doc):
    doc.add(cloud(560, 110, 0.7, opacity=0.9))
    doc.add(rect(0, 246, 640, 114, doc.linear("#3d8ac4", "#1f5d99")))
    chart = [(120, 52), (200, 80), (260, 66), (340, 112), (400, 102), (470, 150)]
    doc.add(arrow(chart, RED, 8), dots(chart[:-1], RED, 16), dots(chart[:-1], WHITE, 6))
    colors = [RED, TEAL, AMBER, BLUE, CORAL, LEAF, "#7b61ff"]
    boxes, ribs = [], []
    for row in range(3):
        for col in range(8 - (row == 2) * 3):
            x, y = 196 + col * 40, 222 - row * 26
            boxes.append(rect(x, y, 38, 24, colors[(col * 3 + row * 2) % len(colors)]))
            ribs.append(d("M", x + 8, y + 4, "v16m8-16v16m8-16v16m8-16v16"))
    doc.add(*boxes, stroke("".join(ribs), "#000", 2, opacity=0.15),
            rect(132, 160, 52, 88, WHITE), rect(138, 170, 40, 10, "#2f5d8a", rx=2),
            rect(150, 140, 16, 20, RED), ellipse(340, 292, 240, 10, "#0b2a4a", opacity=0.3),
            path("M110 246H560L520 292H134Z", INK), path("M126 274H534L520 292H134Z", RED),
            wave_line(60, 130, 290, 3, 24, WHITE, 4, opacity=0.7))
    for x, y, w in [(40, 320, 60), (560, 316, 60), (300, 334, 80), (180, 344, 50)]:
        doc.add(line(x, y, x + w, y, WHITE, 3, opacity=0.35))


@story("insulation", "#cfe3f7", "#a6c6ea")
def insulation(doc):
    doc.add(*[snowflake(x, y, r, WHITE, 2.5) for x, y, r in [(60, 60, 12), (100, 150, 9), (40, 250, 10),
                                                             (580, 50, 12), (540, 140, 9), (600, 240, 11),
                                                             (120, 40, 7), (520, 260, 7)]])
    ground(doc, 300, "#f4f8fb")
    doc.add(shadow(320, 302, 190, 8))
    outer = [(150, 300), (150, 170), (320, 54), (490, 170), (490, 300)]
    mid = [(166, 300), (166, 178), (320, 74), (474, 178), (474, 300)]
    inner = [(192, 300), (192, 190), (320, 104), (448, 190), (448, 300)]
    doc.add(poly(outer, "#c96f53"), poly(mid, PINK), poly(inner, "#ffe3b3"))
    doc.add(stroke("M179 190v100M461 190v100", "#e48aa3", 4, stroke_dasharray="8 8"),
            stroke("M196 164L320 82L444 164", "#e48aa3", 4, stroke_dasharray="8 8"),
            path("M126 176L320 40L514 176L500 188L320 62L140 188Z", "#8f3f2e"))
    doc.add(glow(doc, 320, 220, 100, "#ffc46b", 0.6),
            rect(212, 240, 120, 40, "#e07a5f", rx=14), rect(212, 222, 24, 58, "#c96249", rx=10),
            rect(308, 222, 24, 58, "#c96249", rx=10), rect(204, 280, 136, 8, BROWN, rx=3),
            line(392, 290, 392, 186, CHARCOAL, 4), path("M374 190h36l-8-26h-20z", AMBER),
            rect(380, 286, 24, 6, CHARCOAL, rx=3))
    doc.add(path("M90 230q20-10 0-20t0-20", "none", stroke="#5c8fd6", stroke_width=5, stroke_linecap="round"),
            path("M550 230q20-10 0-20t0-20", "none", stroke="#5c8fd6", stroke_width=5, stroke_linecap="round"),
            coin_stack(545, 320, 24, 3), coin_stack(585, 330, 22, 2))


@story("salmon", "#ffe4d8", "#ffc2a6")
def salmon(doc):
    for i, h in enumerate([60, 90, 80, 120, 150, 200]):
        doc.add(rect(90 + i * 80, 300 - h, 52, h, WHITE, rx=8, opacity=0.38))
    doc.add(arrow([(110, 230), (200, 200), (280, 210), (360, 160), (450, 130), (540, 70)], "#e4572e", 7))
    doc.add(wave_band(0, 660, 290, 8, 90, 360, "#5aa6d6"), wave_band(0, 660, 310, 6, 70, 360, "#3c86bd"))
    doc.add(fish(320, 214, 330, "#f4896b", "#7f94a8", "#ffd1bd", rot=-14, spots="#4d5e70"))
    doc.add(dots([(150, 270), (168, 250), (480, 262), (500, 240)], WHITE, 8, opacity=0.8))


@story("savings", "#e2f4d3", "#bce1a1")
def savings(doc):
    doc.add(halo(320, 190, 160))
    doc.add(circle(490, 100, 34, "#2f8f4e"), percent(490, 100, 36, WHITE))
    doc.add(shadow(320, 300, 140, 10),
            rect(228, 250, 30, 50, "#e88aa1", rx=10), rect(368, 250, 30, 50, "#e88aa1", rx=10),
            path("M306 150L320 104L350 144Z", "#e88aa1"),
            ellipse(316, 210, 124, 86, PINK),
            path("M200 240Q310 310 430 236Q420 290 316 296Q220 290 200 240Z", "#000", opacity=0.07),
            rect(264, 250, 30, 50, PINK, rx=10), rect(330, 250, 30, 50, PINK, rx=10),
            ellipse(440, 212, 20, 26, "#e88aa1"), dots([(434, 204), (434, 220)], "#b5566e", 6),
            circle(396, 176, 7, INK), circle(398, 174, 2.5, WHITE),
            stroke("M192 196q-24-4-20 16q4 14 14 2", "#e88aa1", 6),
            rect(290, 130, 52, 12, "#b5566e", rx=6),
            path("M238 170q30-40 80-44", "none", stroke=WHITE, stroke_width=10, stroke_linecap="round", opacity=0.4))
    doc.add(coin(316, 78, 26), stroke("M278 60v20M354 60v20", WHITE, 4, opacity=0.7),
            coin_stack(150, 300, 28, 4), coin_stack(520, 300, 26, 3))


@story("rates", "#e4e6f8", "#c2c8ef")
def rates(doc):
    doc.add(halo(320, 190, 170))
    doc.add(shadow(320, 302, 200, 10),
            rect(150, 280, 340, 20, "#d7dbe9"), rect(166, 264, 308, 18, "#e8eaf3"), rect(180, 250, 280, 16, WHITE),
            *[rect(x, 140, 26, 110, "#f7f7fb") for x in (196, 250, 304, 358, 412)],
            *[rect(x + 18, 140, 8, 110, "#d7dbe9") for x in (196, 250, 304, 358, 412)],
            rect(176, 128, 288, 16, "#e8eaf3"), poly([(170, 128), (320, 64), (470, 128)], WHITE),
            poly([(200, 120), (320, 78), (440, 120)], "#e8eaf3"), circle(320, 104, 14, GOLD))
    doc.add(circle(500, 84, 40, CORAL), percent(500, 84, 42, WHITE))
    # Hourglass: waiting for the decision.
    doc.add(group(rect(-34, -70, 68, 10, BROWN, rx=4), rect(-34, 60, 68, 10, BROWN, rx=4),
                  path("M-26-60H26Q26-20 4 0Q26 20 26 60H-26Q-26 20-4 0Q-26-20-26-60Z", "#eef7fd", stroke="#9fc2dc",
                       stroke_width=3),
                  path("M-18-34H18Q14-14 2 0H-2Q-14-14-18-34Z", GOLD), path("M-20 60Q0 28 20 60Z", GOLD),
                  line(0, 2, 0, 50, GOLD, 2), rect(-38, -60, 6, 120, BROWN, rx=3), rect(32, -60, 6, 120, BROWN, rx=3),
                  transform=tf(120, 190, -10)))


@story("oil", "#fde9cc", "#f6c893")
def oil(doc):
    doc.add(halo(320, 200, 170, 0.25),
            stroke("M100 50H560M100 100H560M100 150H560", WHITE, 2, opacity=0.5))
    doc.add(path("M0 250Q90 226 170 240T360 236T640 232V292H0Z", "#ecc48d"))
    ground(doc, 288, "#d9a464", "#c98f4f")
    # A pump jack at rest, its beam level.
    doc.add(shadow(270, 292, 170, 8), group(
        rect(-150, -10, 272, 10, CHARCOAL, rx=3),
        polyline([(-44, -8), (0, -140), (44, -8)], INK, 10), line(-28, -56, 28, -56, INK, 6),
        rect(-162, -40, 32, 32, SLATE, rx=3), rect(-170, -46, 48, 10, CHARCOAL, rx=3),
        line(-146, -124, -146, -46, GREY, 4),
        rect(64, -54, 56, 46, CHARCOAL, rx=6), line(110, -142, 92, -52, INK, 6),
        path("M56-52a36 36 0 0 1 72 0z", AMBER), circle(92, -50, 9, INK),
        rect(-122, -154, 244, 18, ORANGE, rx=5),
        path("M-108-162H-130Q-162-124-138-82H-118Q-132-118-104-134Z", "#d9622b"),
        circle(0, -145, 10, INK), circle(0, -145, 4, GREY), transform=tf(270, 290, s=1.1)))
    # A barrel with a drop on it.
    doc.add(shadow(488, 292, 68, 7),
            rect(430, 168, 116, 122, "#2f5fb3", rx=10), rect(512, 168, 34, 122, "#234a8c", rx=8),
            stroke("M430 204H546M430 256H546", "#1d3f78", 6),
            ellipse(488, 170, 58, 11, "#4a78c8"), ellipse(488, 170, 45, 7, "#234a8c"),
            circle(480, 230, 21, WHITE),
            path("M480 214C475 223 468 230 468 237A12 12 0 0 0 492 237C492 230 485 223 480 214Z", INK),
            rect(440, 178, 9, 100, WHITE, rx=4, opacity=0.3))
    # The price: flat for days.
    level = [(110, 72), (170, 68), (230, 74), (290, 68), (350, 72), (410, 68), (470, 71), (524, 70)]
    doc.add(arrow(level, NAVY, 7), dots(level[:-1], NAVY, 16), dots(level[:-1], WHITE, 6))


def crown_coin(cx, cy, r):
    """A gold coin stamped with a crown."""
    return group(coin(cx, cy, r),
                 path("M-20 6L-24-16L-10-4L0-22L10-4L24-16L20 6ZM-20 10H20V16H-20Z", "#c47a10",
                      transform=tf(cx - r * 0.06, cy - r * 0.02, s=r / 40)))


def star_coin(cx, cy, r):
    """A blue coin ringed with little gold stars."""
    ring = [(cx - r * 0.06 + math.cos(math.pi * i / 6) * r * 0.52, cy - r * 0.06 + math.sin(math.pi * i / 6) * r * 0.52)
            for i in range(12)]
    return group(circle(cx, cy, r, "#1d4585"), circle(cx - r * 0.06, cy - r * 0.06, r * 0.86, "#2f5fb3"),
                 dots(ring, YELLOW, r * 0.13))


@story("krone", "#e0eefa", "#b3d1ef")
def krone(doc):
    doc.add(halo(320, 190, 170, 0.3), sparkle(560, 70, 12), sparkle(120, 90, 8), sparkle(400, 40, 7))
    # A balance, the krone's pan riding high.
    tilt = math.radians(-12)
    ends = [(320 + side * 150 * math.cos(tilt), 110 + side * 150 * math.sin(tilt)) for side in (-1, 1)]
    doc.add(shadow(320, 306, 120, 8), path("M260 306Q264 284 300 280H340Q376 284 380 306Z", CHARCOAL),
            rect(312, 110, 16, 176, SLATE, rx=6))
    for (x, y), draw in zip(ends, (star_coin, crown_coin)):
        pan = y + 120
        doc.add(polyline([(x - 64, pan), (x, y), (x + 64, pan)], CHARCOAL, 3), draw(x, pan - 54, 54),
                path(d("M", x - 72, pan, "H", x + 72, "Q", x + 60, pan + 28, x, pan + 28, "Q", x - 60, pan + 28,
                       x - 72, pan, "Z"), "#8a9aa8"),
                ellipse(x, pan, 72, 8, "#b8c4cc"))
    doc.add(group(rect(-156, -7, 312, 14, CHARCOAL, rx=7), transform=tf(320, 110, -12)),
            circle(320, 110, 14, AMBER), circle(320, 110, 5, INK))
    x, y = ends[1]
    doc.add(circle(x, y + 190, 26, "#2f8f4e"), arrow([(x, y + 204), (x, y + 180)], WHITE, 6, head=14))


def chip(cx, cy, s):
    """A microchip, 2·s wide, with four pins on every side."""
    pins = "".join(d("M", cx + k, cy - s, "v", -s * 0.22, "M", cx + k, cy + s, "v", s * 0.22,
                     "M", cx - s, cy + k, "h", -s * 0.22, "M", cx + s, cy + k, "h", s * 0.22)
                   for k in (-s * 0.6, -s * 0.2, s * 0.2, s * 0.6))
    return group(stroke(pins, SLATE, s * 0.1), rect(cx - s, cy - s, 2 * s, 2 * s, INK, rx=s * 0.16),
                 rect(cx - s * 0.56, cy - s * 0.56, s * 1.12, s * 1.12, BLUE, rx=s * 0.08),
                 rect(cx - s * 0.3, cy - s * 0.3, s * 0.6, s * 0.6, "#6aa7ef", rx=s * 0.06),
                 path(d("M", cx - s * 0.48, cy + s * 0.1, "V", cy - s * 0.48, "H", cx + s * 0.1), "none",
                      stroke=WHITE, stroke_width=s * 0.06, stroke_linecap="round", opacity=0.5),
                 circle(cx - s * 0.78, cy - s * 0.78, s * 0.07, SLATE))


@story("index", "#e4ecfb", "#bccdf0")
def index(doc):
    doc.add(halo(330, 190, 170, 0.3))
    doc.add(*[rect(280 + i * 46, 300 - h, 34, h, WHITE, rx=6, opacity=0.55)
              for i, h in enumerate([56, 80, 70, 104, 136, 172])])
    doc.add(rect(90, 300, 460, 6, "#8da3c9", rx=3))
    # Circuit traces from the chip's pins to little pads.
    pads = [(300, 90), (330, 110), (96, 290)]
    doc.add(stroke("M202 147V110L222 90H300M226 147V128L244 110H330M117 232H108L96 244V290", "#5b7bb8", 4),
            dots(pads, "#5b7bb8", 12), dots(pads, WHITE, 4))
    # The index line leaves the chip and climbs.
    rise = [(258, 208), (300, 212), (344, 176), (390, 186), (436, 132), (478, 118), (536, 62)]
    doc.add(shadow(190, 300, 76, 6), arrow(rise, "#2f8f4e", 8), chip(190, 220, 60),
            dots(rise[1:-1], "#2f8f4e", 18), dots(rise[1:-1], WHITE, 7))


@story("groceries", "#fff2cc", "#ffdc86")
def groceries(doc):
    doc.add(halo(300, 190, 160), shadow(300, 306, 160, 10))
    doc.add(path("M190 196Q300 40 410 196", "none", stroke=BROWN, stroke_width=14, stroke_linecap="round"))
    doc.add(milk_carton(240, 200, 0.95, -6))
    doc.add(broccoli(300, 200, 0.9), carrot(350, 110, 150, 30), apple(400, 190, 0.55),
            leaf(260, 190, 60, -130, LEAF, FOREST))
    doc.add(path("M176 196H424L404 300H196Z", WOOD),
            stroke("M182 226H418M188 256H412M194 284H406", BROWN, 5, opacity=0.6),
            rect(168, 186, 264, 18, "#b07646", rx=9))
    doc.add(group(path("M0 0H84L108 30L84 60H0Z", WHITE), circle(92, 30, 5, "#ffdc86"),
                  arrow([(30, 12), (30, 46)], GREEN, 8, head=18), transform=tf(428, 44, 14)))


@story("vans", "#d4ebfb", "#f2f8fd")
def vans(doc):
    fronts = [(40, 120, "#f2cc8f", RED), (150, 110, "#e07a5f", TEAL), (250, 130, "#8fc1b5", AMBER),
              (370, 110, "#f7e1a1", CORAL), (470, 130, "#c8b6f2", GREEN), (590, 100, "#e07a5f", BLUE)]
    for x, w, wall, awning in fronts:
        top = 90 + (x % 3) * 14
        doc.add(rect(x, top, w - 8, 196 - top + 90, wall),
                poly([(x - 4, top), (x + (w - 8) / 2, top - 40), (x + w - 4, top)], wall),
                rect(x + 14, top + 18, 24, 28, WHITE, opacity=0.6),
                rect(x + w - 46, top + 18, 24, 28, WHITE, opacity=0.6),
                rect(x + 10, 230, w - 28, 40, "#fff4dd"),
                *[rect(x + 6 + i * 18, 214, 18, 16, awning if i % 2 == 0 else WHITE) for i in range((w - 12) // 18)])
    ground(doc, 282, "#c9d3da")
    doc.add(rect(0, 298, 640, 62, "#5c6b77"))
    doc.add(rect(110, 250, 40, 34, "#d9a066", rx=3), rect(126, 250, 8, 34, "#b98045"),
            rect(130, 222, 34, 28, "#d9a066", rx=3), rect(144, 222, 6, 28, "#b98045"))
    doc.add(shadow(342, 300, 160, 8), path("M190 144H420Q436 144 446 158L488 214Q494 222 494 232V284H190Z", WHITE),
            rect(190, 144, 230, 140, "#f4f7fa", rx=16), path("M428 160H440L474 212H428Z", "#a9d3ec"),
            rect(190, 236, 304, 16, TEAL), rect(190, 270, 304, 14, "#d5dee6"),
            circle(300, 196, 30, "#9be15d"), bolt(300, 196, 0.8, WHITE),
            circle(484, 256, 6, "#ffe9a0"), wheel(250, 284, 26), wheel(430, 284, 26))


@story("port", "#ffd6b5", "#fff1e2")
def port(doc):
    doc.add(sun(540, 120, 40, "#ffb26b"), cloud(130, 70, 0.8, opacity=0.8))
    doc.add(rect(0, 252, 640, 108, doc.linear("#3f7fb8", "#22558c")))
    for x, y, w in [(40, 300, 60), (260, 320, 70), (520, 310, 60)]:
        doc.add(line(x, y, x + w, y, WHITE, 3, opacity=0.35))
    doc.add(path("M30 230H250L236 268H44Z", INK),
            *[rect(50 + c * 34, 204 - r * 22, 32, 20, [RED, TEAL, AMBER, BLUE][(c + r) % 4]) for c in range(5)
              for r in range(2)], rect(222, 180, 22, 50, WHITE))
    doc.add(rect(300, 240, 340, 20, "#8c9aa6"), rect(300, 256, 340, 10, "#6b7883"))
    for c in range(4):
        for r in range(3 - c % 2):
            doc.add(rect(470 + c * 42, 216 - r * 24, 40, 22, [CORAL, TEAL, BLUE, AMBER, GREEN][(c * 2 + r) % 5]))
    for x, top, load in [(290, 92, RED), (480, 122, None)]:
        reach = x - (130 if load else 80)
        doc.add(rect(x, top + 8, 10, 240 - top - 8, ORANGE), rect(x + 60, top + 8, 10, 240 - top - 8, ORANGE),
                rect(reach - 20, top, x + 96 - reach, 12, "#e4572e"),
                polyline([(x + 5, top), (x + 35, top - 50), (x + 65, top)], "#e4572e", 6),
                line(x + 35, top - 50, reach - 10, top, "#e4572e", 3), rect(x - 2, top + 56, 84, 8, ORANGE),
                line(reach, top + 12, reach, top + 62, CHARCOAL, 2), rect(reach - 18, top + 60, 36, 6, CHARCOAL))
        if load:
            doc.add(rect(reach - 20, top + 66, 40, 22, load))


@story("recipes", "#f9e3c6", "#efc594")
def recipes(doc):
    doc.add(halo(320, 180, 170, 0.25))
    for y in (170, 302):
        doc.add(rect(90, y, 460, 14, "#a86b42", rx=3), rect(90, y + 14, 460, 6, "#000", opacity=0.1))

    def jar(x, base, w, h, fill, lid, content):
        return group(rect(x, base - h, w, h, "#eaf6fb", rx=12, opacity=0.85),
                     rect(x + 5, base - h * 0.75, w - 10, h * 0.75 - 5, fill, rx=8), content,
                     rect(x - 3, base - h - 10, w + 6, 16, lid, rx=5),
                     rect(x + 8, base - h + 12, 6, h - 30, WHITE, rx=3, opacity=0.5))

    def can(x, base, w, h, label):
        return group(rect(x, base - h, w, h, "#c5ced6", rx=4), rect(x, base - h * 0.8, w, h * 0.6, label),
                     ellipse(x + w / 2, base - h, w / 2, 6, "#e2e7eb"),
                     circle(x + w / 2, base - h * 0.5, h * 0.16, WHITE, opacity=0.8),
                     rect(x + 6, base - h + 6, 5, h - 12, WHITE, rx=2, opacity=0.35))
    penne = stroke("".join(d("M", x, y, "l12-6") for x, y in scatter(9, 122, 110, 150, 160, 1)), "#f2c15c", 7)
    doc.add(jar(116, 170, 60, 110, "#f7d98a", RED, penne),
            jar(190, 170, 60, 88, ORANGE, TEAL, dots(scatter(16, 198, 110, 242, 162, 2), "#ffb26b", 5)),
            jar(264, 170, 56, 100, "#fbf6ea", AMBER, dots(scatter(16, 272, 100, 312, 162, 3), "#e9dfc8", 4)),
            can(336, 170, 54, 76, RED), can(398, 170, 54, 76, GREEN), can(460, 170, 54, 64, AMBER))
    doc.add(can(120, 302, 60, 84, "#e07a5f"), can(186, 302, 60, 84, "#e07a5f"),
            jar(260, 302, 66, 96, "#e9c46a", GREEN, dots(scatter(14, 268, 234, 318, 296, 4), "#d4a94b", 8)),
            group(path("M350 302L356 200H444L450 302Z", "#d9a066"), rect(356, 196, 88, 14, "#b98045"),
                  circle(400, 252, 22, WHITE, opacity=0.85), path("M386 256q14-22 28 0z", "#d9a066")),
            jar(466, 302, 58, 76, "#8a5a3c", RED, dots(scatter(10, 474, 246, 516, 296, 5), "#5b3a26", 7)))


@story("stress", "#cfc7f5", "#9a90e0")
def stress(doc):
    doc.add(path("M150 40a46 46 0 1 0 36 76a38 38 0 1 1-36-76z", "#fff3c4"),
            sparkle(240, 60, 10), sparkle(90, 150, 7), sparkle(560, 50, 8), sparkle(470, 110, 6))
    ground(doc, 300, "#8a7fd1")
    doc.add(shadow(280, 304, 200, 10),
            rect(96, 150, 30, 150, PLUM, rx=12), rect(112, 236, 350, 50, WHITE, rx=10),
            rect(446, 240, 20, 60, PLUM, rx=8), rect(126, 280, 336, 20, "#5a3e86"),
            rect(130, 200, 96, 44, WHITE, rx=20, stroke="#e0dcf5", stroke_width=3),
            circle(186, 204, 28, SKIN), path("M158 200a28 28 0 0 1 56 0q-26-22-56 0z", "#5b3a26"),
            path("M170 212q6 5 12 0M194 212q6 5 12 0", "none", stroke=INK, stroke_width=2.5, stroke_linecap="round"),
            path("M200 226Q240 212 300 222T464 228V286H200Z", "#7fa8e8"),
            path("M200 226Q240 212 300 222T464 228", "none", stroke="#a8c6f2", stroke_width=8))
    doc.add(polyline([(240, 150), (262, 150), (240, 174), (262, 174)], WHITE, 5),
            polyline([(276, 110), (292, 110), (276, 128), (292, 128)], WHITE, 4))
    doc.add(shadow(540, 304, 60, 6), rect(490, 228, 100, 74, "#b98045", rx=6), rect(490, 228, 100, 12, "#a86b42", rx=6),
            circle(540, 264, 5, "#f2d4a0"),
            rect(504, 180, 40, 48, WHITE, rx=8), stroke("M544 192q18 0 18 14t-18 14", WHITE, 6),
            rect(508, 186, 32, 8, "#9be15d", rx=3),
            steam(516, 172, 40, WHITE, 4), steam(532, 172, 34, WHITE, 4), apple(574, 212, 0.28, RED))


@story("breakfast", "#ffe6d6", "#ffc6a8")
def breakfast(doc):
    doc.add(rect(56, 40, 110, 110, "#3d4a8c", rx=8), path("M92 70a20 20 0 1 0 18 30a15 15 0 1 1-18-30z", "#fff3c4"),
            dots([(140, 64), (146, 116), (76, 124)], WHITE, 3),
            rect(56, 40, 110, 110, "none", stroke=WHITE, stroke_width=8, rx=8), line(111, 40, 111, 150, WHITE, 6))
    ground(doc, 292, "#d99a6c", "#c98655")
    for x, berry in ((200, "#b5305a"), (330, "#4a5fb5")):
        doc.add(shadow(x + 50, 294, 66, 8), rect(x, 130, 100, 162, "#eaf6fb", rx=18, opacity=0.9),
                rect(x + 6, 226, 88, 60, "#f3e2c0", rx=12), rect(x + 6, 196, 88, 30, berry),
                rect(x + 6, 170, 88, 26, "#fbf6ea"),
                dots(scatter(10, x + 14, 236, x + 86, 280, x), "#d9bf8f", 7),
                rect(x + 12, 140, 8, 140, WHITE, rx=4, opacity=0.6))
    doc.add(circle(236, 164, 16, "#fff3c4", stroke="#f5e6a8", stroke_width=3),
            circle(264, 160, 14, "#fff3c4", stroke="#f5e6a8", stroke_width=3),
            dots([(232, 160), (240, 166), (236, 170), (260, 156), (267, 162)], "#d9c07a", 3),
            strawberry(272, 170, 0.45, 20), blueberry(214, 168, 8),
            blueberry(352, 166, 9), blueberry(372, 160, 9), blueberry(396, 166, 9), strawberry(414, 166, 0.4, -20),
            rect(194, 118, 112, 18, GREY, rx=6), rect(194, 118, 112, 6, WHITE, rx=3, opacity=0.5),
            group(rect(-6, -40, 12, 110, "#c5ced6", rx=6), ellipse(0, -50, 18, 26, "#c5ced6"),
                  transform=tf(418, 150, 18)))
    doc.add(blueberry(150, 290, 10), blueberry(170, 296, 10), banana(540, 280, 0.8, -10))


@story("freezer", "#def2ff", "#b0d6f6")
def freezer(doc):
    doc.add(*[snowflake(x, y, r, WHITE, 3) for x, y, r in [(90, 80, 22), (550, 70, 28), (120, 250, 16),
                                                           (520, 220, 18), (470, 120, 12), (170, 150, 12)]])
    doc.add(shadow(320, 304, 170, 10))

    def tub(x, y, w, h, lid, food, extra):
        return group(rect(x, y, w, h, "#eef8fd", rx=10, opacity=0.9), rect(x + 8, y + 12, w - 16, h - 18, food, rx=6),
                     extra, rect(x - 6, y - 8, w + 12, 16, lid, rx=7),
                     rect(x + 10, y + 14, 6, h - 24, WHITE, rx=3, opacity=0.55))
    doc.add(tub(196, 236, 248, 66, CORAL, "#b9472e",
                group(*[bean(x, y, 1, a, "#f1e3c6") for x, y, a in [(230, 262, 20), (270, 276, -10), (320, 260, 40),
                                                                    (380, 272, 0), (410, 262, -30)]])),
            tub(214, 160, 212, 66, TEAL, "#7cb342", dots(scatter(10, 226, 180, 414, 214, 9), "#cde77f", 8)),
            tub(236, 86, 168, 62, AMBER, "#f2c15c",
                stroke("M248 110H392M248 124H392", "#d9553a", 6)))
    doc.add(stroke("M196 244h248M214 168h212M236 94h168", WHITE, 3, opacity=0.8))


@story("workout", "#ffe1dc", "#fbc3ba")
def workout(doc):
    ground(doc, 290, "#e6a98f")
    doc.add(stroke("M0 320H640M0 346H640", "#d39077", 3))
    doc.add(rect(80, 60, 120, 130, "#bfe3f7", rx=6, stroke=WHITE, stroke_width=8),
            line(140, 60, 140, 190, WHITE, 6), cloud(120, 120, 0.4))
    doc.add(path("M520 290L530 240H578L588 290Z", "#e07a5f"), leaf(554, 240, 60, -110, GREEN),
            leaf(554, 240, 54, -60, LEAF), leaf(554, 240, 50, -150, FOREST), leaf(554, 240, 46, -30, GREEN))
    doc.add(ellipse(320, 298, 150, 18, TEAL), ellipse(320, 294, 150, 16, "#3bb3a3"))
    doc.add(limb([(310, 208), (280, 250), (262, 292)], "#3d4a8c", 20),
            limb([(330, 208), (360, 250), (378, 292)], "#3d4a8c", 20),
            ellipse(256, 296, 16, 7, WHITE), ellipse(384, 296, 16, 7, WHITE),
            limb([(304, 150), (272, 118), (250, 80)], SKIN, 13), limb([(336, 150), (368, 118), (390, 80)], SKIN, 13),
            path("M298 142Q320 134 342 142L338 214H302Z", CORAL), rect(302, 202, 36, 14, "#3d4a8c", rx=4),
            circle(320, 112, 20, SKIN), path("M300 110a20 20 0 0 1 40 0q-20-12-40 0z", "#3b2a20"),
            circle(320, 86, 9, "#3b2a20"))
    doc.add(stroke("M226 92q-10 20 0 40M414 92q10 20 0 40M210 84q-14 28 0 56M430 84q14 28 0 56", WHITE, 4,
                   opacity=0.8))


@story("pasta", "#fff3c2", "#ffdf86")
def pasta(doc):
    doc.add(group(rect(0, 0, 130, 190, "#f4f1e8", rx=6), *[rect(0, y, 130, 8, "#7fb3d5") for y in (20, 162)],
                  transform=tf(468, 60, 8)),
            group(rect(-5, -80, 10, 140, "#c5ced6", rx=5), rect(-16, -112, 32, 40, "#c5ced6", rx=8),
                  *[rect(x, -146, 5, 44, "#c5ced6", rx=2) for x in (-12, -2.5, 7)], transform=tf(534, 216, 8)))
    doc.add(plate(310, 180, 140), path("M230 180q0-80 80-84t84 80-84 86-80-82z", "#c3d36f"))
    nest = []
    for i in range(26):
        r = 22 + (i * 37 % 56)
        a = i * 2.1
        sweep = 1.8 + (i % 4) * 0.4
        ox, oy = 310 + math.cos(i * 1.7) * 12, 180 + math.sin(i * 2.3) * 12
        end = a + (sweep if i % 2 else -sweep)
        nest += ["M", ox + r * math.cos(a), oy + r * math.sin(a), "A", r, r, 0, 0, i % 2,
                 ox + r * math.cos(end), oy + r * math.sin(end)]
    doc.add(stroke(d(*nest), "#a9bc55", 13), stroke(d(*nest), "#e6e3a3", 8))
    doc.add(*[leaf(x, y, 34, a, "#2f6b35", "#1f4f26") for x, y, a in
              [(262, 146, 30), (352, 138, 150), (338, 222, -70), (282, 224, 210), (372, 196, 110), (308, 160, -30)]],
            dots(scatter(20, 250, 120, 370, 240, 8), "#4f7f2a", 7),
            dots(scatter(9, 260, 130, 360, 230, 6), "#f6e7c3", 9))
    doc.add(bowl(120, 262, 58, 46, WHITE, "#5f9a3a", "#eef2ea"), leaf(88, 214, 44, -70, GREEN, FOREST),
            leaf(100, 216, 40, -30, LEAF, FOREST), dots([(110, 262), (134, 258)], "#f6e7c3", 8))


@story("stew", "#dcebd6", "#b3d2a6")
def stew(doc):
    ground(doc, 292, "#c98b55", "#b07646")
    doc.add(steam(290, 126, 80, "#f6f6f6", 8, 0.8), steam(330, 120, 96, "#f6f6f6", 8, 0.8),
            steam(370, 126, 76, "#f6f6f6", 8, 0.8))
    doc.add(shadow(320, 296, 150, 10),
            rect(176, 170, 30, 22, CHARCOAL, rx=10), rect(434, 170, 30, 22, CHARCOAL, rx=10),
            path("M200 160H440V250Q440 290 400 290H240Q200 290 200 250Z", "#2a7f8f"),
            path("M408 160H440V250Q440 290 400 290H380Q408 280 408 240Z", "#000", opacity=0.12),
            ellipse(320, 160, 124, 26, "#1f6673"), ellipse(320, 162, 112, 20, "#c0392b"),
            *[bean(x, y, 1.1, a, c) for x, y, a, c in [(260, 160, 20, "#f1e3c6"), (300, 170, -10, "#7b1f2e"),
                                                      (350, 156, 30, "#f1e3c6"), (380, 168, 0, "#7b1f2e"),
                                                      (320, 150, 60, "#f1e3c6"), (240, 168, -30, "#7b1f2e")]],
            rect(276, 148, 14, 12, "#e74c3c", rx=3), rect(360, 146, 12, 12, "#e74c3c", rx=3),
            leaf(300, 156, 16, -20, GREEN), leaf(394, 156, 14, 200, GREEN),
            path("M222 196Q224 250 250 270", "none", stroke=WHITE, stroke_width=8, stroke_linecap="round", opacity=0.3))
    doc.add(group(rect(-5, -120, 10, 130, "#d9a066", rx=5), ellipse(0, 14, 14, 22, "#d9a066"),
                  transform=tf(420, 130, 30)))
    doc.add(tomato(500, 266, 30), tomato(548, 280, 22), bean(150, 288, 1.6, 10, "#7b1f2e"),
            bean(130, 280, 1.6, -30, "#f1e3c6"), bean(170, 278, 1.6, 40, "#7b1f2e"))


@story("curry", "#d6e6fa", "#a6c1ec")
def curry(doc):
    doc.add(plate(270, 190, 130, WHITE, "#c9daf1"), circle(270, 190, 96, "#e9892e"),
            circle(250, 170, 50, "#f29d3f"),
            stroke("M240 190a30 30 0 1 1 40 10a16 16 0 1 1-16-24", "#fbe3c2", 6, opacity=0.9))
    doc.add(*[bean(x, y, 1.5, a) for x, y, a in [(220, 150, 20), (300, 140, -30), (320, 210, 60), (230, 230, 10),
                                                 (280, 250, -20), (200, 200, 80), (330, 170, 30), (260, 120, -60)]],
            *[leaf(x, y, 22, a, GREEN) for x, y, a in [(250, 210, 30), (300, 190, -120), (210, 170, 200),
                                                       (290, 230, 80)]])
    doc.add(circle(470, 262, 64, "#000", opacity=0.1), circle(466, 256, 64, "#f6f1e6"), circle(466, 256, 52, WHITE),
            stroke("".join(d("M", x, y, "l5 2") for x, y in scatter(30, 426, 216, 504, 292, 12)), "#e6e0d0", 4))
    doc.add(group(circle(0, 0, 46, WHITE), circle(0, 0, 46, "none", stroke=INK, stroke_width=7),
                  rect(-8, -64, 16, 14, INK, rx=3), path("M0 0V-36A36 36 0 0 1 0 36Z", CORAL, opacity=0.85),
                  line(0, 0, 0, -32, INK, 4), circle(0, 0, 5, INK), transform=tf(510, 92, 12)))
    doc.add(chilli(110, 250, 1.1, -60), chilli(130, 90, 0.8, -20, "#2f8f4e"))


@story("frittata", "#d3efe7", "#a6d9c9")
def frittata(doc):
    doc.add(group(rect(-250, -14, 140, 28, INK, rx=14), transform=tf(290, 185, 20)))
    doc.add(circle(296, 194, 128, "#000", opacity=0.15), circle(290, 185, 128, "#2e3a44"),
            circle(290, 185, 112, "#3d4a55"), circle(290, 185, 102, "#f6c453"),
            dots(scatter(9, 220, 120, 360, 250, 31), "#eab04a", 22, opacity=0.8))
    peppers = [(240, 140), (320, 130), (350, 200), (260, 220), (300, 176), (220, 190)]
    doc.add(el("path", d="".join(d("M", x, y, "h14") for x, y in peppers), stroke=RED, stroke_width=14),
            dots([(270, 120), (340, 160), (250, 170), (310, 240), (360, 240), (230, 240)], "#4f9a3f", 12),
            dots([(270, 120), (340, 160), (250, 170), (310, 240), (360, 240), (230, 240)], "#f6c453", 4))
    doc.add(stroke("".join(d("M", 290, 185, "L", 290 + math.cos(a) * 102, 185 + math.sin(a) * 102)
                           for a in [i * math.pi / 3 + 0.3 for i in range(6)]), "#d99a2b", 3))
    doc.add(group(path("M0-70C26-70 40-36 44-8C50 30 30 62 0 62C-30 62-50 30-44-8C-40-36-26-70 0-70Z", "#3f6b2a"),
                  path("M0-62C20-62 32-34 36-8C40 26 24 54 0 54C-24 54-40 26-36-8C-32-34-20-62 0-62Z", "#d4e68a"),
                  circle(0, 12, 22, "#8a5a3c"), circle(-6, 6, 7, WHITE, opacity=0.3),
                  transform=tf(520, 110, 30, 0.9)))
    doc.add(circle(512, 272, 56, "#000", opacity=0.12), circle(508, 266, 56, "#e9f3f0"),
            circle(508, 266, 46, "#f8fbfa"))
    salsa = [(x, y) for x, y in scatter(60, 464, 222, 544, 302, 14) if (x - 502) ** 2 + (y - 260) ** 2 < 36 ** 2]
    doc.add(*[el("path", d="".join(d("M", x - 6, y, "h12") for x, y in salsa[i::4]), stroke=color, stroke_width=12)
              for i, color in enumerate(["#8fbf4a", RED, LEAF, "#f4f1e0"])],
            leaf(490, 250, 16, 30, FOREST), leaf(520, 276, 14, 200, FOREST))


@story("pilaf", "#f9d6bf", "#eeac84")
def pilaf(doc):
    doc.add(plate(300, 186, 140, "#f5efe4", "#e6dccb"), circle(300, 186, 104, "#f0c060"))
    doc.add(stroke("".join(d("M", x, y, "l5 2") for x, y in scatter(80, 212, 100, 388, 272, 3)
                           if (x - 300) ** 2 + (y - 186) ** 2 < 96 ** 2), "#fbe3a0", 4),
            stroke("".join(d("M", x, y, "l5-2") for x, y in scatter(40, 212, 100, 388, 272, 4)
                           if (x - 300) ** 2 + (y - 186) ** 2 < 96 ** 2), "#d99a2b", 4))
    for x, y, a in [(270, 150, 10), (330, 170, -20), (300, 222, 30), (250, 210, -10), (350, 230, 15)]:
        doc.add(group(path("M-26-14Q0-26 26-14Q34 4 20 16Q0 24-20 16Q-34 4-26-14Z", "#b5652f"),
                      stroke("M-16-12L-8 10M-2-14L6 12M12-12L18 8", "#4a2412", 4),
                      transform=tf(x, y, a)))
    doc.add(*[rect(x, y, 22, 8, c, rx=4, transform=f"rotate({a} {fmt(x)} {fmt(y)})") for x, y, c, a in
              [(230, 130, RED, 30), (320, 120, GREEN, -20), (370, 190, RED, 60), (220, 250, GREEN, 10),
               (300, 260, YELLOW, -30), (360, 140, YELLOW, 20)]],
            dots([(286, 186), (236, 176), (316, 200), (346, 116)], "#6aa84f", 9))
    doc.add(group(path("M0 0A40 40 0 0 1 80 0Z", "#6aa84f"), path("M8 0A32 32 0 0 1 72 0Z", "#d7f0a0"),
                  stroke("M40 0L40-30M40 0L18-22M40 0L62-22", "#6aa84f", 2), transform=tf(440, 260, -30)))
    doc.add(chilli(500, 60, 1, -50, ORANGE), chilli(140, 250, 0.9, 40, RED))


@story("walks", "#cfe3f6", "#f3f8fc")
def walks(doc):
    doc.add(sun(510, 74, 28, "#fff3c4"))
    doc.add(*[rect(x, 190 - h, w, h, "#aabfd4") for x, w, h in
              [(60, 30, 40), (94, 20, 70), (118, 34, 50), (156, 16, 84), (176, 30, 46), (210, 24, 60)]])
    doc.add(path("M0 200Q160 170 320 196T640 186V360H0Z", "#e3edf6"),
            path("M0 250Q200 200 400 240T640 230V360H0Z", "#f7fafd"),
            path("M0 300Q220 270 420 300T640 290V360H0Z", "#dbe7f2"))
    doc.add(path("M300 360Q330 320 300 290T340 240T380 210", "none", stroke="#cfd7e6", stroke_width=34,
                 stroke_linecap="round"))
    for x, y, h in [(420, 232, 70), (460, 226, 56), (500, 236, 84), (560, 230, 64), (120, 262, 80), (80, 258, 58),
                    (600, 300, 100), (40, 310, 90), (250, 204, 40)]:
        doc.add(pine(x, y, h, FOREST, snow=WHITE))
    doc.add(dots([(310, 340), (320, 322), (300, 304), (312, 290)], "#b3bccf", 7))
    # The walker, striding up the path.
    doc.add(shadow(300, 288, 30, 5),
            limb([(296, 232), (286, 258), (280, 284)], INK, 10), limb([(306, 232), (314, 258), (324, 282)], INK, 10),
            path("M286 186Q302 178 316 186L320 240H282Z", RED), rect(286, 184, 30, 10, TEAL, rx=5),
            limb([(314, 194), (330, 220), (340, 226)], RED, 10), line(342, 200, 350, 286, BROWN, 4),
            limb([(288, 194), (280, 220), (286, 236)], RED, 10),
            circle(302, 168, 15, SKIN), path("M287 166a15 15 0 0 1 30 0z", TEAL), circle(302, 148, 7, WHITE))
    doc.add(dots(scatter(40, 0, 0, 640, 300, 9), WHITE, 4.5))


# --- What's on in Bergen ------------------------------------------------------------------------------

GINGER, GINGER_BAKED, GINGER_DARK, ICING = "#c27a3e", "#b86f35", "#9c5b2c", "#fffaf0"


def star(cx, cy, r, fill=GOLD, **a):
    """A five-pointed star, one point up, its corners on whole units."""
    return poly([(round(cx + math.cos(math.pi * i / 5 - math.pi / 2) * r * (1 if i % 2 == 0 else 0.45)),
                  round(cy + math.sin(math.pi * i / 5 - math.pi / 2) * r * (1 if i % 2 == 0 else 0.45)))
                 for i in range(10)], fill, **a)


def fairy_lights(wires, colors, size=7, wire=INK):
    """Strings of bulbs with a soft glow; each wire (x0, y0, x1, y1, sag, n) hangs n bulbs sagging by sag."""
    path_data, bulbs = [], []
    for x0, y0, x1, y1, sag, n in wires:
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2 + sag * 2
        path_data += ["M", x0, y0, "Q", cx, cy, x1, y1]
        bulbs += [(round((1 - t) ** 2 * x0 + 2 * t * (1 - t) * cx + t * t * x1),
                   round((1 - t) ** 2 * y0 + 2 * t * (1 - t) * cy + t * t * y1))
                  for t in ((i + 0.5) / n for i in range(n))]
    return group(el("path", d=d(*path_data), fill="none", stroke=wire, stroke_width=1.5),
                 dots(bulbs, "#fff3c4", size * 2.4, opacity=0.25),
                 *[dots(bulbs[i::len(colors)], color, size) for i, color in enumerate(colors)])


def specks(n, x0, y0, x1, y1, seed):
    """scatter() rounded to whole units, for snow, stars and far-off windows."""
    return [(round(x), round(y)) for x, y in scatter(n, x0, y0, x1, y1, seed)]


@story("gingerbread", "#fbe3c3", "#f2bd88")
def gingerbread(doc):
    # The library: shelves of books to either side, and the glow of its lamps.
    books = {}
    for x0 in (0, 500):
        for shelf in range(3):
            x, i = x0 + 12, shelf * 5 + x0 // 100
            while x < x0 + 130:
                books.setdefault(i % 4, []).append(d("M", x, 96 + shelf * 72, "v", -40 - (i * 13) % 22))
                x += 15 + (i * 7) % 5
                i += 3
    doc.add(path("M0 0H140V262H0ZM500 0H640V262H500Z", "#b9774a", opacity=0.3),
            *[el("path", d="".join(books[k]), stroke=color, stroke_width=11, opacity=0.5)
              for k, color in enumerate(("#c0564a", "#4f8a8b", "#e2a84a", "#6d5a9a"))],
            el("path", d="M0 96h140M0 168h140M0 240h140M500 96h140M500 168h140M500 240h140", stroke="#8a5a3c",
               stroke_width=8, opacity=0.45),
            glow(doc, 320, 120, 220, "#fff4d6", 0.8))
    doc.add(wave_band(0, 660, 262, 5, 110, 360, "#fffdf8"), rect(0, 300, 640, 60, "#f3e6d6"),
            shadow(320, 272, 230, 8, 0.1))
    # The town: tall houses with their gables to the square, two long ones and the church, all iced alike.
    walls = {GINGER: [], GINGER_BAKED: [], GINGER_DARK: []}
    icing, shingles, windows, gumdrops = [], [], [], []
    for x, base, w, h, roof, rows, wall in [(212, 270, 52, 78, 34, 2, GINGER_BAKED), (334, 270, 58, 92, 30, 2, GINGER),
                                            (402, 272, 48, 64, 30, 1, GINGER_BAKED)]:
        top, peak = base - h, base - h - roof
        walls[wall].append(d("M", x, base, "V", top, "L", x + w / 2, peak, "L", x + w, top, "V", base, "Z"))
        icing.append(d("M", x - 3, top + 4, "L", x + w / 2, peak, "L", x + w + 3, top + 4,
                       "M", x, top + 8, *[v for _ in range(4) for v in ("q", w / 8, 7, w / 4, 0)]))
        windows += [d("M", round(x + w * c), top + 22 + r * 30, "v10") for c in (0.3, 0.7) for r in range(rows)]
        gumdrops.append((x + w / 2, peak - 2))
    for x, base, w, h, wall in [(104, 272, 96, 44, GINGER), (462, 274, 84, 40, GINGER_BAKED)]:
        top = base - h
        walls[wall].append(d("M", x, base, "V", top, "h", w, "V", base, "Z"))
        walls[GINGER_DARK].append(d("M", x - 8, top + 2, "L", x + 10, top - 40, "H", x + w - 10, "L", x + w + 8,
                                    top + 2, "Z"))
        icing.append(d("M", x - 8, top + 2, "H", x + w + 8, "M", x + 10, top - 40, "H", x + w - 10))
        shingles.append(d("M", x + 8, top - 12, "h", w - 16, "M", x + 15, top - 26, "h", w - 30))
        windows += [d("M", x + w * f, top + 16, "h6") for f in (0.16, 0.44, 0.72)]
    walls[GINGER].append("M276 270V132h46V270Z")
    walls[GINGER_DARK].append("M272 134L299 58L326 134Z")
    icing.append("M272 134L299 58L326 134M276 140h46")
    windows.append("M299 200v28")
    doc.add(*[path("".join(parts), color) for color, parts in walls.items()],
            stroke("".join(icing), ICING, 4), stroke("".join(shingles), ICING, 5, stroke_dasharray="0 14"),
            stroke("".join(windows), ICING, 15), stroke("".join(windows), "#ffd166", 9), dots(gumdrops, RED, 12),
            circle(299, 162, 13, ICING), stroke("M299 154v8l6 4", GINGER_DARK, 3),
            star(299, 50, 10), pine(94, 290, 50, FOREST, WHITE),
            fairy_lights([(112, 210, 468, 204, 12, 11)], ("#ffd166", "#ff6b6b", "#7ee081"), 8))
    # The gingerbread train on its track of icing, rolling on peppermints.
    doc.add(stroke("M60 330H580", ICING, 5), shadow(290, 332, 170, 5, 0.12),
            path("M250 282h70v36h-70ZM328 282h70v36h-70Z", GINGER), stroke("M240 306h10M320 306h8", GINGER_DARK, 4),
            stroke("M254 290" + "l7 6l7-6" * 5 + "M332 290" + "l7 6l7-6" * 5, ICING, 3),
            *[circle(x, y, 11, c) for x, y, c in [(268, 277, RED), (288, 275, "#9be15d"), (306, 279, "#ffd166"),
                                                  (346, 277, "#f7a7b8"), (366, 275, RED), (384, 279, "#7cc4ee")]],
            group(rect(0, -40, 70, 34, GINGER, rx=10),
                  path("M50-70h40v64H50ZM10-64h14v24H10ZM0-18l-16 16H0Z", GINGER_DARK),
                  rect(58, -62, 24, 18, "#ffd166", rx=4), path("M44-76h52v10H44ZM6-70h22v8H6Z", RED),
                  stroke("M6-30h56M6-18h56", ICING, 3), circle(-2, -28, 5, "#ffe9a0"), transform=tf(150, 326)))
    small = [(164, 322), (188, 322), (266, 322), (304, 322), (344, 322), (382, 322)]
    doc.add(dots(small, RED, 19), dots(small, WHITE, 11), dots(small, RED, 6),
            circle(224, 318, 14, RED), circle(224, 318, 8.5, WHITE), circle(224, 318, 4.5, RED))


def market_stall(x, base, w, h, roof, wares):
    """A wooden market hut lit from inside, with snow on its roof; its string of lights is left to the caller."""
    top = base - h
    return group(rect(x, top, w, h, WOOD), rect(x + 10, top + 12, w - 20, h * 0.5, "#ffd98a"),
                 rect(x + 10, top + 12, w - 20, 8, "#f2b45a"), wares,
                 rect(x + 4, top + 10 + h * 0.5, w - 8, 10, BROWN, rx=2),
                 poly([(x - 14, top + 6), (x + w / 2, top - 40), (x + w + 14, top + 6)], roof),
                 stroke(d("M", x - 14, top + 2, "L", x + w / 2, top - 42, "L", x + w + 14, top + 2), WHITE, 10))


@story("christmas-market", "#13254f", "#2f4f8f", "#7286c2")
def christmas_market(doc):
    # Stars, and the hill behind the square with lit windows.
    doc.add(dots(specks(14, 0, 0, 640, 110, 11), WHITE, 2, opacity=0.6))
    doc.add(path("M0 236V168Q70 140 150 160T320 120T500 150T640 134V236Z", "#1b2f5e"),
            dots(specks(8, 20, 160, 620, 220, 4), "#ffd166", 4, opacity=0.8))
    # The Ferris wheel, its rim strung with bulbs.
    cx, cy, r = 210, 136, 98
    rim = [(round(cx + math.cos(math.pi * i / 12) * r), round(cy + math.sin(math.pi * i / 12) * r)) for i in range(24)]
    doc.add(polyline([(158, 290), (cx, cy), (262, 290)], "#c9d3e6", 7),
            stroke("".join(d("M", cx, cy, "l", x - cx, y - cy) for x, y in rim[::2]), "#9fb0cf", 2),
            circle(cx, cy, r, "none", stroke="#dfe6f2", stroke_width=4),
            circle(cx, cy, 54, "none", stroke="#9fb0cf", stroke_width=2), dots(rim, "#ffd166", 6),
            circle(cx, cy, 10, "#dfe6f2"))
    for i, color in enumerate([RED, TEAL, AMBER, "#7b61ff"]):
        doc.add(path("".join(d("M", x - 10, y + 4, "h20v10q0 6-6 6h-8q-6 0-6-6z") for x, y in rim[i * 2::8]), color))
    # The Christmas tree.
    doc.add(pine(480, 292, 230, "#1f6b45"))
    lights = [(x, y) for x, y in specks(60, 400, 90, 560, 270, 6) if abs(x - 480) < (y - 62) * 0.3]
    doc.add(dots(lights[0::2], "#ffd166", 7), dots(lights[1::2], "#ff6b6b", 7), star(480, 62, 16, YELLOW))
    # Snow on the square, and two stalls selling baubles and hot drinks, strung with lights.
    doc.add(rect(0, 286, 640, 74, "#dfe7f4"), path("M0 300Q160 290 320 302T640 296V360H0Z", "#eef3fa"))
    mug = "h16v12q0 6-6 6h-4q-6 0-6-6z"
    doc.add(shadow(160, 300, 100, 6, 0.2), shadow(350, 302, 90, 6, 0.2),
            market_stall(84, 300, 150, 92, "#8a3b2b",
                         group(dots([(112, 250), (132, 250), (152, 250)], RED, 12),
                               dots([(178, 248), (198, 248)], "#2f8f4e", 14),
                               stroke("M100 230h44M166 230h44", "#8a5a3c", 3))),
            market_stall(282, 304, 130, 82, "#2f5f8a",
                         group(path(d("M302 260", mug, "M346 260", mug), RED),
                               path(d("M324 260", mug, "M368 260", mug), WHITE),
                               stroke("M314 254c-4-6 4-6 0-12s4-6 0-12M354 254c-4-6 4-6 0-12s4-6 0-12", WHITE, 3,
                                      opacity=0.8))),
            stroke("M84 222h150M84 236h150M84 280h150M84 292h150M282 290h130", "#a86f42", 2),
            fairy_lights([(76, 216, 242, 216, 6, 8), (274, 230, 420, 230, 6, 8)], ("#ffd166", "#ff6b6b", "#7ee081"), 6,
                         "#3a2a20"))
    # Falling snow.
    doc.add(dots(specks(34, 0, 0, 640, 360, 12), WHITE, 4, opacity=0.85),
            dots(specks(16, 0, 0, 640, 360, 13), WHITE, 7, opacity=0.6))


def musician(x, base, instrument):
    """A seated player in silhouette facing left, with a music stand."""
    dark = "#140d24"
    return group(path(d("M", x - 2, base - 40, "q-4-44 10-52q16 0 16 22v30z"), dark),
                 circle(x + 10, base - 104, 11, dark),
                 stroke(d("M", x - 2, base - 36, "V", base, "M", x + 16, base - 36, "V", base, "M", x - 4, base - 37,
                          "h24"), dark, 5),
                 polyline([(x - 2, base - 42), (x - 16, base - 40), (x - 16, base)], dark, 7), instrument,
                 stroke(d("M", x - 48, base, "v-70M", x - 60, base, "h24"), dark, 3),
                 poly([(x - 64, base - 92), (x - 34, base - 86), (x - 38, base - 64), (x - 66, base - 70)], "#f4ecd8"))


@story("concert", "#1a1230", "#2d1f4a")
def concert(doc):
    dark = "#140d24"
    # The panelled wall of the hall behind the stage, and two spotlights.
    doc.add(rect(70, 40, 500, 226, "#4a2c2a"),
            el("path", d="".join(d("M", x, 40, "v226") for x in range(90, 570, 40)), stroke="#5e3a33", stroke_width=8))
    beam = doc.linear(("#ffe2a0", 0.5), ("#ffe2a0", 0.05))
    doc.add(*[poly([(x - 8, 30), (x + 8, 30), (x + spread, 270), (x - spread, 270)], beam)
              for x, spread in [(230, 110), (430, 100)]])
    # The stage.
    doc.add(rect(0, 262, 640, 34, "#a86b42"), rect(0, 262, 640, 5, "#d9a066"), rect(0, 296, 640, 64, "#1c1330"),
            ellipse(230, 272, 130, 12, "#ffe2a0", opacity=0.35), ellipse(430, 272, 120, 12, "#ffe2a0", opacity=0.35))
    # The grand piano with its lid raised, and the pianist on the bench.
    doc.add(shadow(240, 268, 110, 7, 0.35),
            path("M150 196L262 112L318 196ZM140 196H318Q336 196 336 210V222H140ZM130 200h14v12h-14ZM228 248h16v12h-16Z",
                 "#0f0a1a"),
            line(200, 196, 262, 128, "#2a2138", 3), rect(132, 201, 10, 3, WHITE),
            stroke("M152 222V266M318 222V266M236 222V258", "#0f0a1a", 8),
            path("M92 222q-2-46 14-54q16 0 18 22v32z", dark), circle(112, 156, 11, dark),
            stroke("M92 228V266M120 228V266M86 225h40", dark, 5),
            polyline([(116, 182), (128, 200), (138, 202)], dark, 6),
            polyline([(120, 226), (136, 228), (136, 266)], dark, 7))
    # A violinist and a cellist at their stands.
    doc.add(musician(420, 266, group(ellipse(0, 0, 15, 7, dark, transform=tf(410, 180, -24)),
                                     line(390, 162, 436, 198, dark, 2))),
            musician(520, 266, group(ellipse(500, 226, 13, 22, dark), line(500, 204, 506, 150, dark, 4),
                                     line(478, 208, 530, 222, dark, 2))))
    # Curtains, a pelmet dressed with a garland, and gold stars on threads.
    doc.add(path("M0 0H80Q60 120 84 296H0ZM640 0H560Q580 120 556 296H640Z", "#9e1f35"),
            stroke("M20 10Q14 150 24 296M48 10Q40 150 56 296M620 10Q626 150 616 296M592 10Q600 150 584 296",
                   "#7a1428", 6),
            path("M0 0H640V34" + "q-20 16-40 0" * 16 + "Z", "#b3263f"),
            rect(0, 0, 640, 10, "#7a1428"), stroke("M0 36" + "q20 16 40 0" * 16, "#2f6f3e", 9),
            stroke("M0 34" + "q20 16 40 0" * 16, GOLD, 2), dots([(x, 36) for x in range(40, 640, 80)], RED, 10))
    doc.add(stroke("M180 40v40M320 40v26M460 40v40", "#c9a24a", 1.5),
            star(180, 90, 12, GOLD), star(320, 76, 14, GOLD), star(460, 90, 12, GOLD))
    # The audience in the dark.
    doc.add(path("M0 360V332" + "q10 0 12-12a14 14 0 0 1 28 0q2 12 12 12" * 13 + "V360Z", "#0b0716"))


# --- Product categories, 480×480 ----------------------------------------------------------------------

PRODUCTS = {}


def product(category, *background):
    def register(draw):
        PRODUCTS[category] = (draw, background)
        return draw
    return register


def pear(cx, cy, s, fill="#c5d94a"):
    return group(path("M0-60C14-60 16-40 18-26C22-8 44 6 44 34C44 60 22 74 0 74C-22 74-44 60-44 34C-44 6-22-8-18-26"
                      "C-16-40-14-60 0-60Z", fill),
                 path("M0 74C22 74 44 60 44 34C36 54 20 62 0 62Z", "#000", opacity=0.1),
                 ellipse(-22, 20, 7, 16, WHITE, opacity=0.35), stroke("M0-58Q2-70-4-78", BROWN, 5),
                 leaf(0, -66, 30, -20, GREEN), transform=tf(cx, cy, s=s))


def orange_fruit(cx, cy, r, fill="#f8961e"):
    return group(circle(cx, cy, r, fill), path(d("M", cx - r, cy, "A", r, r, 0, 0, 0, cx + r, cy, "A", r, r * 0.7, 0, 0,
                                                 1, cx - r, cy), "#000", opacity=0.08),
                 dots(scatter(8, cx - r * 0.6, cy - r * 0.6, cx + r * 0.6, cy + r * 0.6, int(cx)), "#e07b0c", r * 0.08),
                 circle(cx - r * 0.4, cy - r * 0.4, r * 0.18, WHITE, opacity=0.35),
                 leaf(cx, cy - r, r * 0.7, -40, GREEN))


def raspberry(cx, cy, s):
    bumps = [(-8, -14), (8, -14), (-14, 0), (0, 0), (14, 0), (-8, 13), (8, 13), (0, 24)]
    return group(*[circle(x, y, 9, "#d6336c") for x, y in bumps],
                 dots([(x - 3, y - 3) for x, y in bumps], WHITE, 3, opacity=0.45),
                 path("M-12-22L0-18L12-22L4-28H-4Z", GREEN), transform=tf(cx, cy, s=s))


def cube(cx, cy, s, top=WHITE, left="#e9eef2", right="#d3dbe2"):
    """An isometric cube centred on (cx, cy), 2·s wide."""
    h = s * 0.58
    return group(poly([(cx - s, cy - h), (cx, cy - 2 * h), (cx + s, cy - h), (cx, cy)], top),
                 poly([(cx - s, cy - h), (cx, cy), (cx, cy + s * 1.15), (cx - s, cy + s * 1.15 - h)], left),
                 poly([(cx, cy), (cx + s, cy - h), (cx + s, cy + s * 1.15 - h), (cx, cy + s * 1.15)], right))


def wheat(x, y, h, rot=0, color="#e8b84a"):
    """An ear of wheat standing on (x, y)."""
    kernels = []
    for i in range(6):
        ky = -h * 0.5 - i * h * 0.08
        kernels += [ellipse(-7, ky, 6, 11, color, transform=f"rotate(-30 -7 {fmt(ky)})"),
                    ellipse(7, ky, 6, 11, color, transform=f"rotate(30 7 {fmt(ky)})")]
    return group(line(0, 0, 0, -h * 0.98, "#c99a35", 4), *kernels, ellipse(0, -h * 0.98, 5, 10, color),
                 transform=tf(x, y, rot))


def coffee_bean(cx, cy, s, rot):
    return group(ellipse(0, 0, 14, 20, "#5b3a26"), stroke("M0-18Q-6 0 0 18", "#3a2417", 3),
                 ellipse(-5, -7, 3, 6, WHITE, opacity=0.2), transform=tf(cx, cy, rot, s))


def glass(cx, base, w, h, liquid=None, level=0.75, tint="#e6f4fb"):
    """A tumbler standing on (cx, base), filled to `level` with `liquid`."""
    top, bottom = w / 2, w * 0.42
    out = [path(d("M", cx - top, base - h, "H", cx + top, "L", cx + bottom, base, "H", cx - bottom, "Z"), tint,
                opacity=0.8)]
    if liquid:
        lh = h * level
        lw = bottom + (top - bottom) * level
        out += [path(d("M", cx - lw + 4, base - lh, "H", cx + lw - 4, "L", cx + bottom - 5, base - 6, "H",
                       cx - bottom + 5, "Z"), liquid),
                ellipse(cx, base - lh, lw - 4, 6, WHITE, opacity=0.3)]
    out += [ellipse(cx, base - h, top, 7, "none", stroke=WHITE, stroke_width=3, opacity=0.9),
            rect(cx - top + 10, base - h + 14, 8, h - 30, WHITE, rx=4, opacity=0.5)]
    return group(*out)


@product("fruit", "#ffeedd", "#ffcfae")
def fruit(doc):
    doc.add(shadow(240, 392, 170, 16), banana(250, 180, 2.3, -8), pear(340, 270, 1.45),
            apple(160, 290, 1.45), orange_fruit(260, 338, 54))


@product("berries", "#fde3ec", "#f6b2c8")
def berries(doc):
    doc.add(shadow(240, 392, 170, 16), leaf(130, 170, 80, -30, GREEN, FOREST), leaf(140, 180, 70, 20, LEAF, FOREST),
            strawberry(200, 220, 2.6, -15), strawberry(320, 250, 2.2, 20),
            *[blueberry(x, y, 26) for x, y in [(180, 340), (232, 352), (284, 344), (206, 300), (258, 310)]],
            raspberry(350, 340, 1.5), raspberry(120, 330, 1.3))


@product("vegetables", "#e5f6d8", "#bde3a2")
def vegetables(doc):
    doc.add(shadow(240, 392, 170, 16), broccoli(290, 290, 2.3), carrot(160, 150, 260, -35),
            tomato(180, 320, 66), tomato(340, 340, 46))


@product("dairy", "#e4f1fc", "#b9d6f3")
def dairy(doc):
    doc.add(shadow(240, 392, 160, 16), milk_carton(200, 390, 1.9, 0),
            glass(330, 390, 100, 150, WHITE, 0.8),
            group(path("M-40 0H40L32 60H-32Z", "#f7f3ea"), rect(-44, -10, 88, 14, "#e63946", rx=4),
                  rect(-36, 20, 72, 20, "#f4a6b8"), transform=tf(150, 330)))


@product("cheese", "#fff4cf", "#ffe08c")
def cheese(doc):
    doc.add(shadow(240, 392, 180, 16),
            poly([(90, 280), (330, 150), (400, 220)], "#ffe27a"),
            poly([(90, 280), (400, 220), (400, 360), (90, 370)], "#ffc93c"),
            poly([(90, 280), (400, 220), (400, 232), (90, 292)], "#ffd95e"),
            rect(396, 220, 8, 140, "#f2a93b"),
            ellipse(300, 200, 22, 10, "#f2c14a"), ellipse(250, 232, 12, 6, "#f2c14a"),
            *[ellipse(x, y, r, r * 1.1, "#e9a92a") for x, y, r in [(170, 320, 18), (250, 290, 12), (320, 320, 22),
                                                                   (370, 270, 10), (230, 350, 9), (130, 340, 8)]],
            cube(410, 372, 34, "#ffe27a", "#ffc93c", "#f2b236"), cube(76, 380, 22, "#ffe27a", "#ffc93c", "#f2b236"))


@product("eggs", "#e2f3ef", "#b2dbd2")
def eggs(doc):
    doc.add(shadow(240, 394, 180, 14))
    for i, x in enumerate((170, 240, 310)):
        doc.add(egg(x, 226, 1.15, "#d9a66b" if i % 2 else "#fbf3e8"))
    doc.add(path("M70 280H410L392 388H88Z", "#d9cbb5"), rect(62, 270, 356, 20, "#e6dac6", rx=6))
    for i, x in enumerate((120, 200, 280, 360)):
        doc.add(egg(x, 258, 1.3, "#d39a5c" if i % 2 == 0 else "#fdf8f0"))
    doc.add(path("M70 300H410L392 388H88Z", "#e6dac6"),
            stroke("M160 300v86M240 300v88M320 300v86", "#cdbda4", 4),
            path("M70 300q40 26 80 0t90 0 80 0 90 0", "none", stroke="#cdbda4", stroke_width=4))


def croissant(cx, cy, s):
    """A crescent-shaped croissant about 190·s wide, centred on (cx, cy)."""
    return group(path("M-94 34C-92-14-50-52 0-52C50-52 92-14 94 34C76 24 56 18 36 20C24 6 12 2 0 2C-12 2-24 6-36 20"
                      "C-56 18-76 24-94 34Z", "#e39a46"),
                 path("M-76 8C-64-24-34-44 0-44C34-44 64-24 76 8C60 2 46 0 32 4C20-8 10-10 0-10C-10-10-20-8-32 4"
                      "C-46 0-60 2-76 8Z", "#f2bf74"),
                 stroke("M-30-46Q-18-14-30 16M30-46Q18-14 30 16M-68-14Q-52-2-56 20M68-14Q52-2 56 20", "#c9772e", 4),
                 transform=tf(cx, cy, s=s))


@product("bakery", "#f9e7cf", "#eec597")
def bakery(doc):
    doc.add(shadow(240, 394, 180, 16),
            group(rect(-180, -26, 360, 52, "#d9944c", rx=26), rect(-180, -26, 360, 20, "#e8ac64", rx=10),
                  stroke("M-120-10l30 12M-50-10l30 12M20-10l30 12M90-10l30 12", "#f6d49a", 6),
                  transform=tf(250, 170, -24)),
            path("M90 330C90 250 150 210 230 210S370 250 370 330C370 360 340 370 230 370S90 360 90 330Z", "#c97a3a"),
            path("M100 300C110 240 160 218 230 218S352 240 362 300C340 260 290 246 230 246S120 262 100 300Z",
                 "#e09a52"),
            stroke("M150 270l30 28M210 256l30 30M270 256l30 30", "#f6d49a", 8))
    doc.add(croissant(330, 346, 1))


@product("grains", "#f7eed4", "#e6d098")
def grains(doc):
    doc.add(shadow(240, 396, 180, 16), wheat(380, 380, 260, 12), wheat(400, 384, 220, 26), wheat(100, 384, 230, -16))
    doc.add(path("M140 390C110 330 120 230 160 180H320C360 230 370 330 340 390Z", "#d9b382"),
            path("M320 180C360 230 370 330 340 390H300C330 330 320 230 300 180Z", "#000", opacity=0.08),
            stroke("M170 250q70 14 140 0M160 320q80 14 160 0", "#c29a66", 4),
            ellipse(240, 180, 86, 26, "#b98f5c"), ellipse(240, 178, 72, 18, "#f2d48a"),
            dots(scatter(24, 176, 166, 304, 190, 3), "#d9b55e", 6),
            path("M150 176q90-30 180 0", "none", stroke="#c29a66", stroke_width=10, stroke_linecap="round"))
    doc.add(path("M100 396Q130 350 170 352T240 396Z", "#f2d48a"),
            dots(scatter(16, 120, 366, 230, 392, 8), "#d9b55e", 6),
            stroke("M226 186q14 14 28 0", "#8a5a3c", 5))


@product("pasta", "#fde3d4", "#f4b89c")
def pasta_category(doc):
    sticks = "".join(d("M", -90, -14 + i * 4, "H", 90) for i in range(8))
    doc.add(shadow(240, 394, 180, 16),
            group(stroke(sticks, "#f3cf6b", 5), stroke(sticks, "#e0b44e", 1.5), rect(-20, -20, 26, 42, RED, rx=4),
                  transform=tf(230, 200, -30, 1.5)))

    def farfalle(x, y, rot):
        return group(path("M0 0C-8-14-22-28-38-24Q-30-12-40 0Q-30 12-38 24C-22 28-8 14 0 0ZM0 0C8-14 22-28 38-24"
                          "Q30-12 40 0Q30 12 38 24C22 28 8 14 0 0Z", "#f6c75a"),
                     stroke("M-14-10v20M-26-16v32M14-10v20M26-16v32", "#e0a83a", 2.5), ellipse(0, 0, 8, 12, "#e8b445"),
                     transform=tf(x, y, rot, 1.4))

    def penne(x, y, rot):
        return group(path("M-40-12H30L40 12H-30Z", "#f2b84b"),
                     stroke("M-24-10l8 20M-6-10l8 20M12-10l8 20", "#dc9a2e", 3),
                     path("M30-12L40 12L34 12L26-6Z", "#dc9a2e"), transform=tf(x, y, rot, 1.2))
    doc.add(farfalle(150, 320, 20), farfalle(290, 350, -15), penne(360, 300, 50), penne(220, 330, 80),
            penne(120, 380, -10), tomato(380, 380, 34), leaf(380, 346, 46, -120, GREEN, FOREST))


@product("pantry", "#e9eff6", "#c6d4e6")
def pantry(doc):
    doc.add(shadow(240, 394, 180, 16))
    doc.add(rect(300, 170, 110, 220, "#eef7fc", rx=24, opacity=0.85), rect(308, 240, 94, 142, WHITE, rx=18),
            dots(scatter(20, 316, 250, 394, 372, 4), "#dfe7ee", 6),
            path("M300 190Q300 140 355 140Q410 140 410 190Z", "#b8c4cc"),
            dots([(338, 160), (355, 154), (372, 160), (346, 174), (364, 174)], CHARCOAL, 7),
            rect(316, 200, 10, 160, WHITE, rx=5, opacity=0.6))
    doc.add(cube(150, 330, 48), cube(246, 330, 48), cube(198, 270, 48), cube(120, 390, 22), cube(270, 392, 20))
    doc.add(dots(scatter(14, 300, 384, 440, 396, 9), WHITE, 5))


@product("oil", "#f0f6d6", "#d4e39e")
def oil_category(doc):
    doc.add(shadow(240, 396, 170, 16))
    doc.add(path("M190 110H250V150Q300 180 300 240V380Q300 396 284 396H156Q140 396 140 380V240Q140 180 190 150Z",
                 doc.linear("#e9d44a", "#a9a729")),
            rect(184, 70, 72, 44, "#4a3b2a", rx=8), rect(176, 104, 88, 14, "#6b5433", rx=5),
            rect(150, 270, 140, 80, CREAM, rx=6),
            leaf(192, 318, 34, -20, "#7a9a4a"), leaf(220, 300, 30, -80, "#8aaa54"),
            ellipse(246, 320, 12, 16, "#556b2f"),
            rect(158, 190, 12, 180, WHITE, rx=6, opacity=0.4))
    doc.add(stroke("M300 170q70 10 110 90", "#6b5433", 6),
            *[leaf(x, y, 54, a, "#7a9a4a", "#5f7d36") for x, y, a in [(330, 176, -20), (360, 196, 60), (380, 220, -10),
                                                                      (396, 246, 80)]],
            ellipse(350, 220, 16, 22, "#556b2f"), ellipse(392, 270, 16, 22, "#6b3a5a"),
            ellipse(344, 212, 5, 8, WHITE, opacity=0.3))
    doc.add(ellipse(120, 380, 60, 18, WHITE), ellipse(120, 378, 48, 12, "#d6c23a"))


@product("meat", "#fde4e0", "#f3b3aa")
def meat(doc):
    doc.add(shadow(240, 394, 190, 16), ellipse(240, 290, 200, 100, "#c98b55"), ellipse(240, 282, 200, 100, "#dca36a"),
            circle(420, 282, 10, "#c98b55"))
    doc.add(path("M120 230C140 170 260 160 330 190C400 220 380 320 300 340C220 360 100 320 120 230Z", "#f6e1d3"),
            path("M138 236C156 186 256 180 320 204C380 230 362 310 296 326C226 344 124 310 138 236Z", "#c8453c"),
            stroke("M170 230q40-20 80 10t70-10M180 280q50 10 80-10M250 310q30 0 50-20", "#f4cfc6", 4, opacity=0.8),
            circle(230, 260, 22, "#f6e1d3"), circle(230, 260, 10, "#fff8f2"))
    doc.add(stroke("M340 330L420 250", "#5f7d36", 4),
            *[leaf(340 + i * 16, 330 - i * 16, 22, a, "#5f7d36") for i in range(5) for a in (-100, 10)],
            dots(scatter(10, 110, 330, 200, 380, 5), INK, 8))


@product("fish", "#dff1f8", "#b0d8e9")
def fish_category(doc):
    doc.add(shadow(240, 394, 200, 16), rect(40, 200, 400, 170, "#c98b55", rx=24),
            rect(40, 190, 400, 170, "#dca36a", rx=24),
            circle(410, 275, 12, "#c98b55"))
    doc.add(fish(230, 270, 330, "#9fbcd4", "#5f7fa0", "#e6eff6", rot=-4, scales=True))
    doc.add(citrus_slice(120, 330, 30), citrus_slice(170, 342, 26),
            *[leaf(330 + i * 10, 330 - i * 4, 18, a, "#4f9a3f") for i in range(5) for a in (-140, -40)])


@product("coffee", "#f3e6d8", "#dcbf9f")
def coffee(doc):
    doc.add(shadow(240, 396, 180, 16), ellipse(230, 370, 150, 34, "#f4efe8"), ellipse(230, 364, 150, 30, WHITE),
            stroke("M330 250q60 0 56 44t-60 40", WHITE, 20), stroke("M330 250q60 0 56 44t-60 40", "#e6e1da", 8),
            path("M110 220H350Q346 330 290 360H170Q114 330 110 220Z", WHITE),
            path("M300 220H350Q346 330 290 360H250Q296 330 300 220Z", "#000", opacity=0.06),
            ellipse(230, 220, 120, 30, "#f4efe8"), ellipse(230, 222, 104, 22, "#6f4e37"),
            ellipse(230, 222, 84, 15, "#c8935a"),
            path("M230 236c-30-14-20-30-6-24 6 2 6 6 6 6s0-4 6-6c14-6 24 10-6 24z", "#f4e1c6"),
            steam(200, 180, 110, WHITE, 8), steam(250, 170, 120, WHITE, 8))
    doc.add(coffee_bean(80, 380, 1.2, 30), coffee_bean(400, 380, 1.1, -40), coffee_bean(430, 330, 1, 10),
            coffee_bean(60, 330, 1, -20))


@product("tea", "#e4f3e0", "#b9dbae")
def tea(doc):
    doc.add(shadow(240, 396, 190, 16))
    doc.add(path("M250 230Q290 220 320 180L336 184Q316 250 260 270Z", TEAL),
            stroke("M116 230q-50 10-40 70t50 40", "#238276", 14),
            ellipse(180, 290, 100, 90, TEAL), path("M80 290A100 90 0 0 0 280 290Q180 330 80 290Z", "#000", opacity=0.1),
            ellipse(180, 206, 60, 16, "#238276"), path("M130 206Q180 160 230 206Z", TEAL),
            circle(180, 170, 12, "#238276"), stroke("M110 250Q120 220 150 210", WHITE, 10, opacity=0.35),
            rect(80, 280, 200, 14, "#ffd166", opacity=0.8))
    doc.add(ellipse(340, 380, 90, 20, WHITE), path("M270 300H410Q406 370 372 384H308Q274 370 270 300Z", WHITE),
            stroke("M404 314q34 0 30 28t-36 22", WHITE, 10),
            ellipse(340, 300, 70, 16, "#eef0ec"), ellipse(340, 302, 60, 11, "#c8792a"),
            stroke("M350 300q20-80 60-90", "#8a8a8a", 2), rect(396, 196, 30, 36, "#ffd166", rx=3),
            leaf(420, 380, 40, -150, GREEN, FOREST), leaf(420, 380, 36, -100, LEAF, FOREST))


@product("sweets", "#fce3f1", "#f0b4d6")
def sweets(doc):
    doc.add(shadow(240, 396, 190, 16))
    doc.add(line(330, 400, 330, 200, WHITE, 12), circle(330, 150, 74, "#ff7aa8"),
            stroke("M330 150m0-8a8 8 0 0 1 8 8 16 16 0 0 1-16 16 24 24 0 0 1-24-24 32 32 0 0 1 32-32 40 40 0 0 1 40 40"
                   " 48 48 0 0 1-48 48 56 56 0 0 1-56-56", WHITE, 10),
            circle(300, 120, 14, WHITE, opacity=0.35))
    doc.add(group(rect(-70, -110, 140, 220, "#5b3a26", rx=8),
                  *[rect(-60 + c * 62, -100 + r * 52, 52, 44, "#6f4e37", rx=5) for c in range(2) for r in range(3)],
                  path("M-74 0H74V114H-74Z", "#c5ced6"), path("M-74 20L-50 6L-20 18L10 4L40 16L74 2V114H-74Z", RED),
                  rect(-74, 60, 148, 14, GOLD), transform=tf(170, 250, -14)))
    doc.add(group(path("M-40 0L-70-22V22ZM40 0L70-22V22Z", YELLOW), ellipse(0, 0, 44, 30, AMBER),
                  ellipse(-12, -10, 14, 6, WHITE, opacity=0.4), transform=tf(370, 350, 15)))


@product("honey", "#fff2c6", "#ffd76a")
def honey(doc):
    comb = []
    for row in range(8):
        for col in range(7):
            cx, cy = col * 70 + (35 if row % 2 else 0), row * 60
            comb += ["M"] + [v for k in range(6) for v in (cx + 40 * math.cos(math.pi / 3 * k + math.pi / 6),
                                                          cy + 40 * math.sin(math.pi / 3 * k + math.pi / 6))] + ["Z"]
    doc.add(stroke(d(*comb), WHITE, 4, opacity=0.35), shadow(240, 396, 170, 16))
    doc.add(rect(130, 170, 200, 220, doc.linear("#ffb627", "#e07f0e"), rx=40),
            rect(116, 130, 228, 50, "#c4413c", rx=14),
            path("M116 170H344V190Q330 206 316 190Q300 210 284 190Q268 206 252 190Q236 210 220 190Q204 206 188 190"
                 "Q172 210 156 190Q140 206 116 190Z", "#c4413c"),
            stroke("M130 140H330", "#e0605a", 4, stroke_dasharray="10 10"),
            path("M140 190Q140 260 170 250Q180 230 180 200Z", "#ffcf5a", opacity=0.8),
            rect(150, 230, 16, 130, WHITE, rx=8, opacity=0.35),
            ellipse(230, 300, 56, 46, CREAM), path("M230 280l14 8v16l-14 8-14-8v-16z", "#ffb627"))
    doc.add(group(rect(-8, -120, 16, 140, "#a86b42", rx=8), ellipse(0, 30, 30, 40, "#c98b55"),
                  stroke("M-28 14h56M-30 34h60M-26 54h52", "#a86b42", 5), transform=tf(370, 280, 28)),
            path("M356 330q6 24 4 40q-4 8-8 0q-2-20 4-40z", "#ffb627"))
    doc.add(group(ellipse(0, 0, 26, 20, YELLOW), stroke("M-8-18v36M6-18v36", INK, 7), circle(24, -4, 12, INK),
                  ellipse(-8, -26, 16, 10, WHITE, opacity=0.85), ellipse(10, -26, 14, 9, WHITE, opacity=0.85),
                  transform=tf(380, 110, -12)),
            stroke("M340 130q-30 20-60 0t-50 10", INK, 2, stroke_dasharray="4 8", opacity=0.5))


@product("water", "#e0f5fe", "#a9def6")
def water_category(doc):
    doc.add(shadow(240, 396, 170, 16))
    doc.add(path("M180 120H260V150Q300 176 300 220V380Q300 396 284 396H156Q140 396 140 380V220Q140 176 180 150Z",
                 "#e4f6fe", stroke="#6cc0e8", stroke_width=4),
            path("M144 250H296V380Q296 392 284 392H156Q144 392 144 380Z", "#7fcdf2"),
            rect(176, 88, 88, 38, BLUE, rx=8),
            stroke("M190 94v26M206 94v26M222 94v26M238 94v26M254 94v26", "#2f63b5", 3),
            rect(140, 270, 160, 60, TEAL), wave_line(150, 290, 300, 6, 40, WHITE, 5),
            stroke("M140 220H300M140 350H300", "#b3e2f7", 4), rect(156, 160, 12, 210, WHITE, rx=6, opacity=0.55))
    doc.add(glass(360, 396, 110, 150, "#a6e0fa", 0.7), cube(346, 300, 18, "#f4fbff", "#def2fb", "#c7e8f7"),
            cube(376, 310, 16, "#f4fbff", "#def2fb", "#c7e8f7"), citrus_slice(404, 262, 26))
    doc.add(path("M90 200C90 200 70 228 70 240A20 20 0 0 0 110 240C110 228 90 200 90 200Z", "#5fc0ee"),
            path("M400 130C400 130 388 146 388 154A12 12 0 0 0 412 154C412 146 400 130 400 130Z", "#5fc0ee"))


@product("juice", "#fff1d8", "#ffcc85")
def juice(doc):
    doc.add(shadow(240, 396, 170, 16))
    doc.add(line(250, 190, 310, 70, WHITE, 14), stroke("M254 182L268 154M276 136L290 108M298 90L306 74", RED, 14))
    doc.add(glass(230, 396, 150, 230, doc.linear("#ffb627", "#f77f00"), 0.85))
    doc.add(citrus_slice(160, 170, 42, "#f8961e", "#ffc65c"))
    doc.add(group(circle(0, 0, 56, "#f8961e"), circle(0, 0, 50, "#fffbe6"), circle(0, 0, 45, "#ffb627"),
                  stroke("".join(d("M0 0L", 44 * math.cos(i * math.pi / 3), 44 * math.sin(i * math.pi / 3))
                                 for i in range(6)), "#ffd27a", 4),
                  transform=tf(380, 350)),
            orange_fruit(90, 350, 50))


@product("frozen", "#e3f0ff", "#b3cff3")
def frozen(doc):
    doc.add(*[snowflake(x, y, r, WHITE, 3) for x, y, r in [(70, 80, 24), (410, 70, 20), (440, 200, 14), (60, 220, 14)]])
    doc.add(shadow(240, 396, 180, 16))
    doc.add(group(path("M-50 0L0 150L50 0Z", "#e0a458"),
                  stroke("M-40 10L20 110M-16 6L30 80M10 4L36 44M40 10L-20 110M16 6L-30 80M-10 4L-36 44", "#c7853b", 4),
                  circle(0, -16, 52, "#b8e6cf"), circle(-10, -24, 14, WHITE, opacity=0.4),
                  circle(0, -80, 46, "#f7a7c4"), circle(-12, -92, 12, WHITE, opacity=0.45),
                  path("M-50-4q10 16 22 0t24 2 26-2 28 2", "none", stroke="#b8e6cf", stroke_width=12,
                       stroke_linecap="round"),
                  circle(6, -124, 12, RED), transform=tf(160, 230, -14)))
    doc.add(bowl(320, 310, 120, 76, "#3a7bd5", None, "#dbe8f7"))
    for x, y, a in [(270, 300, -10), (320, 290, 10), (370, 300, -5), (300, 314, 4), (350, 318, -8)]:
        doc.add(group(path("M-28 6Q-30-24 0-26Q30-24 28 6Q0 14-28 6Z", "#f6ecd6"),
                      stroke("M-16-16l4 8M-4-22l2 10M10-20l-2 10M20-12l-4 8", "#e0d2b4", 3),
                      transform=tf(x, y, a)))


# --- House-ad creatives --------------------------------------------------------------------------------
# The headline and the "Ad" label are HTML around these pictures.

ADS = {}


def ad(name, width, height, *background, x2=1, y2=1):
    def register(draw):
        ADS[name] = (draw, width, height, background, x2, y2)
        return draw
    return register


def mini_picture(doc, x, y, w, h, sky="#9fd3f5", hill="#5aa84f"):
    """A thumbnail inside a page or a screen: sky, sun and a hill."""
    return group(rect(x, y, w, h, sky, rx=4), circle(x + w * 0.72, y + h * 0.3, h * 0.14, YELLOW),
                 path(d("M", x, y + h, "V", y + h * 0.7, "Q", x + w * 0.3, y + h * 0.4, x + w * 0.6, y + h * 0.72, "T",
                        x + w, y + h * 0.6, "V", y + h, "Z"), hill))


def text_lines(x, y, widths, gap=14, color=GREY, width=6):
    """Grey bars standing for lines of text."""
    return stroke("".join(d("M", x, y + i * gap, "h", w) for i, w in enumerate(widths)), color, width)


@ad("courier-subscribe", 1200, 300, "#0b3d91", "#2563c9")
def courier_subscribe(doc):
    doc.add(circle(120, 280, 200, WHITE, opacity=0.06), circle(1100, 20, 180, WHITE, opacity=0.06),
            dots([(x, y) for x in range(980, 1180, 28) for y in range(190, 290, 28)], WHITE, 5, opacity=0.18),
            dots([(x, y) for x in range(30, 230, 28) for y in range(20, 120, 28)], WHITE, 5, opacity=0.18))
    # A newspaper, folded once.
    doc.add(group(rect(-154, -104, 316, 228, "#000", opacity=0.18, rx=4),
                  rect(-160, -112, 320, 228, "#fbfaf6", rx=4), rect(0, -112, 160, 228, "#efece4", rx=4),
                  rect(-140, -96, 280, 22, INK, rx=2), rect(-140, -96, 40, 22, RED, rx=2),
                  rect(-140, -62, 200, 12, CHARCOAL, rx=3), rect(-140, -44, 150, 12, CHARCOAL, rx=3),
                  mini_picture(doc, -140, -22, 124, 80),
                  text_lines(-140, 74, [124, 110, 124, 90]),
                  text_lines(8, -20, [132, 120, 132, 100, 132, 124, 132, 80, 132, 110]),
                  transform=tf(450, 150, -7)))
    # A tablet showing the same edition.
    doc.add(group(rect(-108, -128, 232, 270, "#000", opacity=0.2, rx=22),
                  rect(-116, -136, 232, 272, INK, rx=22), rect(-104, -124, 208, 248, WHITE, rx=10),
                  rect(-104, -124, 208, 28, "#0b3d91", rx=10), rect(-104, -106, 208, 10, "#0b3d91"),
                  circle(-86, -110, 6, RED), text_lines(-70, -110, [60], color=WHITE, width=5),
                  mini_picture(doc, -92, -84, 184, 96, "#bfe3f7", "#4f9a6a"),
                  rect(-92, 22, 170, 12, CHARCOAL, rx=3), rect(-92, 40, 120, 12, CHARCOAL, rx=3),
                  text_lines(-92, 68, [184, 160, 184, 130]),
                  circle(0, 128, 4, "#55626f"), transform=tf(690, 150, 5)))
    doc.add(ellipse(880, 272, 60, 8, "#000", opacity=0.18),
            stroke("M912 206q34 0 32 26t-34 24", WHITE, 12),
            path("M830 180H930V250Q930 272 908 272H852Q830 272 830 250Z", WHITE),
            rect(830, 206, 100, 18, RED), ellipse(880, 180, 50, 8, "#e6e1da"),
            steam(864, 166, 60, WHITE, 6, 0.6), steam(894, 160, 70, WHITE, 6, 0.6),
            sparkle(250, 60, 14), sparkle(980, 110, 10), sparkle(560, 270, 8, opacity=0.7))


@ad("courier-app", 1200, 300, "#e7effb", "#c4d8f5")
def courier_app(doc):
    doc.add(circle(1080, 250, 190, WHITE, opacity=0.4), circle(140, 40, 160, WHITE, opacity=0.4))
    for x, y, rot, sky, hill in [(360, 150, -10, "#ffd6a5", "#e07a5f"), (840, 160, 8, "#bfe3f7", "#2a9d8f"),
                                 (230, 210, 6, "#c8b6f2", "#6d4c9f"), (970, 90, -6, "#d7f3e8", "#5aa84f")]:
        doc.add(group(rect(-66, -50, 132, 100, "#000", opacity=0.08, rx=12, transform="translate(4 6)"),
                      rect(-66, -50, 132, 100, WHITE, rx=12), mini_picture(doc, -54, -38, 108, 50, sky, hill),
                      text_lines(-54, 26, [100, 70], 12, GREY, 6), transform=tf(x, y, rot)))
    # The phone with the Courier's feed.
    doc.add(group(rect(-80, -144, 172, 300, "#000", opacity=0.15, rx=28),
                  rect(-88, -152, 176, 304, "#1b2430", rx=28), rect(-78, -140, 156, 280, WHITE, rx=18),
                  rect(-78, -140, 156, 40, "#0b3d91", rx=18), rect(-78, -112, 156, 12, "#0b3d91"),
                  rect(-24, -148, 48, 8, "#1b2430", rx=4), circle(-60, -118, 7, RED),
                  text_lines(-44, -118, [70], color=WHITE, width=6),
                  mini_picture(doc, -66, -88, 132, 70, "#bfe3f7", "#4f9a6a"),
                  rect(-66, -8, 120, 10, CHARCOAL, rx=3), text_lines(-66, 14, [132, 100], 12),
                  *[group(rect(-66, y, 40, 32, c, rx=6), text_lines(-18, y + 8, [84, 60], 12, GREY, 6))
                    for y, c in [(44, "#ffd6a5"), (88, "#a7e0c9")]],
                  transform=tf(600, 150, -6, 0.88)))
    # A notification pops up with a bell.
    doc.add(group(rect(-4, 6, 190, 64, "#000", opacity=0.12, rx=16), rect(0, 0, 190, 64, WHITE, rx=16),
                  circle(34, 32, 20, "#fff1cc"),
                  path("M34 18q-12 0-12 14v8l-4 5h32l-4-5v-8q0-14-12-14z", GOLD), circle(34, 48, 4, GOLD),
                  text_lines(64, 24, [100, 70], 16, GREY, 7), circle(182, 4, 12, RED), transform=tf(650, 30)),
            stroke("M852 14q12 8 10 22M866 2q20 14 16 40", "#0b3d91", 4, opacity=0.5))


@ad("courier-travel", 640, 360, "#5b6fb5", "#f28f7a", "#ffd49a", x2=0)
def courier_travel(doc):
    doc.add(glow(doc, 400, 204, 150, "#ffe3a0", 0.8), sun(400, 204, 46, "#ffe7a8"),
            stroke("M150 70q8-8 16 0q8-8 16 0M196 96q6-6 12 0q6-6 12 0", "#3d3f7a", 3, opacity=0.7))
    doc.add(ridge([(140, 230), (240, 140), (310, 200), (380, 150), (460, 210), (560, 130), (640, 200)], 232,
                  "#a57ab0", cap="#f4d7e3"),
            poly([(0, 232), (0, 60), (70, 90), (150, 180), (240, 232)], "#4b3f86"),
            poly([(640, 232), (640, 90), (560, 120), (480, 200), (420, 232)], "#3d3f7a"))
    doc.add(rect(0, 230, 640, 130, doc.linear("#f4a48a", "#5a5f9e", "#3a3f78")))
    for i, w in enumerate([120, 90, 70, 50, 30]):
        doc.add(line(400 - w / 2, 244 + i * 16, 400 + w / 2, 244 + i * 16, "#ffe7a8", 4, opacity=0.7))
    doc.add(path("M0 232H150Q120 246 0 250Z", "#3b3270"))
    for i, x in enumerate((20, 50, 84)):
        doc.add(house(x, 236, 24, 20, ["#c8453c", "#e07a5f", "#c8453c"][i], "#3b2a4a", window="#ffd166"))
    doc.add(polyline([(330, 282), (250, 300), (150, 312)], WHITE, 3, opacity=0.5),
            polyline([(330, 290), (260, 330), (190, 354)], WHITE, 3, opacity=0.5),
            path("M300 270H390L380 290H310Z", "#2b2f5c"), rect(312, 252, 60, 18, "#f4f1ea", rx=3),
            rect(324, 238, 34, 14, "#f4f1ea", rx=3),
            dots([(322, 260), (334, 260), (346, 260), (358, 260)], "#3d4f8c", 5),
            rect(340, 226, 8, 12, RED))


@ad("grocery-delivery", 640, 360, "#e6f5dc", "#c0e3a6", x2=0)
def grocery_delivery(doc):
    doc.add(*[rect(x, 300 - h, w, h, "#d3ecc2") for x, w, h in
              [(20, 60, 120), (90, 40, 170), (140, 70, 100), (470, 50, 150), (530, 80, 110), (600, 40, 180)]])
    doc.add(rect(0, 300, 640, 60, "#9ccf83"), stroke("M0 330H640", "#b8e0a2", 6, stroke_dasharray="40 30"))
    doc.add(stroke("M40 200H130M20 236H120M60 270H150", WHITE, 6, opacity=0.8))
    # Route pin.
    doc.add(stroke("M470 110q60 10 80 60", "#2e7d32", 3, stroke_dasharray="2 10"),
            path("M560 40a30 30 0 0 1 30 30c0 24-30 50-30 50s-30-26-30-50a30 30 0 0 1 30-30z", "#f9a825"),
            circle(560, 70, 11, WHITE))
    # Scooter, rider and the order.
    doc.add(shadow(330, 318, 170, 9), wheel(220, 290, 32), wheel(440, 290, 32),
            rect(150, 148, 104, 84, "#2e7d32", rx=10), rect(150, 148, 104, 18, "#256628", rx=8),
            leaf(186, 208, 40, -45, WHITE), leaf(190, 206, 30, -110, "#c8e6c9"),
            path("M170 246Q176 214 220 212H300L330 262H180Q170 262 170 246Z", "#f9a825"),
            path("M300 262L330 212H380L420 130H436L400 262Z", "#f9a825"),
            path("M394 200Q444 206 466 262H420Q408 232 390 230Z", "#f4b93a"),
            rect(222, 200, 86, 16, INK, rx=8), line(420, 130, 404, 110, INK, 6), line(396, 112, 420, 108, INK, 6),
            circle(444, 150, 9, "#ffe9a0"))
    doc.add(limb([(296, 196), (340, 210), (352, 254)], "#2f4858", 16),
            path("M270 120Q300 110 312 128L308 200H270Z", "#43a047"),
            limb([(300, 138), (350, 150), (402, 118)], "#43a047", 14), circle(404, 116, 7, SKIN),
            circle(296, 92, 20, SKIN), path("M274 92a22 22 0 0 1 44-4l4 8H274z", "#2e7d32"),
            rect(300, 90, 26, 6, "#256628", rx=3))
    doc.add(group(rect(-6, -46, 14, 60, "#e0a458", rx=7), stroke("M-2-36l6 4M-2-24l6 4", "#c7853b", 2),
                  transform=tf(452, 112, -12)),
            leaf(476, 116, 40, -110, GREEN), leaf(476, 116, 36, -70, LEAF), carrot(494, 114, 40, 200),
            path("M436 110H508L502 178H442Z", "#d9a066"), path("M436 110H508L507 122H437Z", "#c28a52"),
            path("M464 140l10 8 10-8", "none", stroke="#a86b42", stroke_width=3),
            rect(428, 150, 90, 40, "none", stroke="#5c6b77", stroke_width=4, rx=4),
            stroke("M448 152v36M468 152v36M488 152v36M508 152v36M430 170h86", "#5c6b77", 2.5),
            line(420, 160, 430, 168, "#5c6b77", 4))


@ad("grocery-recipes", 640, 360, "#fff3d6", "#ffd994")
def grocery_recipes(doc):
    doc.add(halo(320, 180, 180, 0.35), shadow(320, 320, 230, 12))
    doc.add(path("M96 74Q200 56 320 80Q440 56 544 74V312Q440 296 320 318Q200 296 96 312Z", "#2e7d32"),
            path("M110 66Q210 52 318 76V302Q210 282 110 296Z", "#fffdf7"),
            path("M322 76Q430 52 530 66V296Q430 282 322 302Z", "#fffdf7"),
            path("M290 72Q306 76 318 76V302Q306 298 290 296Z", "#000", opacity=0.06),
            path("M322 76Q336 76 350 72V296Q336 298 322 302Z", "#000", opacity=0.06))
    doc.add(circle(212, 150, 56, "#e9f3f0"), circle(212, 150, 46, "#7cc26a"),
            *[leaf(212 + math.cos(a) * 12, 150 + math.sin(a) * 12, 30, math.degrees(a), c)
              for a, c in [(0.3, GREEN), (2.2, FOREST), (4.2, LEAF), (5.4, GREEN)]],
            citrus_slice(194, 132, 12, "#e5483b", "#f27766"), citrus_slice(232, 164, 12, "#e5483b", "#f27766"),
            citrus_slice(214, 128, 9, "#f5e6a8", "#fff6cf"),
            text_lines(150, 236, [124, 100, 116], 16, "#d5d0c4", 7))
    doc.add(*[circle(366, y, 6, "#f9a825") for y in (110, 138, 166, 194)],
            text_lines(382, 110, [104, 80, 112, 70], 28, "#d5d0c4", 7),
            text_lines(360, 234, [130, 110, 124], 16, "#d5d0c4", 7),
            path("M470 60H492V116L481 106L470 116Z", RED))
    doc.add(tomato(90, 300, 40), leaf(60, 250, 50, -60, GREEN, FOREST), leaf(70, 258, 44, -10, LEAF, FOREST),
            carrot(520, 230, 130, -30), group(path("M0-30Q20-28 26 6Q26 26 0 28Q-26 26-26 6Q-20-28 0-30Z", "#f6efe2"),
                                             stroke("M-10-20Q-14 6-8 26M10-20Q14 6 8 26M0-30V28", "#e2d6c2", 3),
                                             path("M-4-30Q0-44 4-30Z", "#e2d6c2"), transform=tf(580, 310)),
            chilli(40, 150, 0.9, -30))


# --- Weather icons, 64×64 --------------------------------------------------------------------------------
# Shown as <img> on light and dark pages, so every color is fixed and reads on white and on #121212.

WEATHER = {}
CLOUD, CLOUD_DARK, CLOUD_LINE = "#eceff1", "#b0bec5", "#78909c"
SUN, SUN_RAY, RAIN = "#ffc107", "#ffa000", "#2196f3"


def weather(condition):
    def register(draw):
        WEATHER[condition] = draw
        return draw
    return register


def sun_icon(cx, cy, r, rays=8, start=0.0, count=None):
    out = []
    for i in range(count or rays):
        a = start + 2 * math.pi * i / rays
        out.append(line(cx + math.cos(a) * (r + 4), cy + math.sin(a) * (r + 4), cx + math.cos(a) * (r + 9),
                        cy + math.sin(a) * (r + 9), SUN_RAY, 3.5))
    return group(*out, circle(cx, cy, r, SUN, stroke=SUN_RAY, stroke_width=2))


def icon_cloud(x, y, s, fill=CLOUD, outline=CLOUD_LINE):
    return cloud(x, y, s, fill, outline, 2.4 / s)


@weather("clear")
def clear(doc):
    doc.add(sun_icon(32, 32, 13))


@weather("partly-cloudy")
def partly_cloudy(doc):
    doc.add(sun_icon(24, 24, 10), icon_cloud(38, 52, 0.52))


@weather("cloudy")
def cloudy(doc):
    doc.add(icon_cloud(40, 36, 0.42, CLOUD_DARK), icon_cloud(30, 52, 0.58))


@weather("rain")
def rain(doc):
    doc.add(icon_cloud(32, 38, 0.6), stroke("M22 45l-4 12M34 45l-4 12M46 45l-4 12", RAIN, 3.5))


@weather("snow")
def snow(doc):
    doc.add(icon_cloud(32, 36, 0.6), snowflake(20, 50, 5, "#42a5f5", 2.2), snowflake(33, 56, 5, "#42a5f5", 2.2),
            snowflake(46, 48, 5, "#42a5f5", 2.2))


@weather("thunder")
def thunder(doc):
    doc.add(icon_cloud(32, 38, 0.6, CLOUD_DARK, "#607d8b"),
            bolt(34, 46, 0.5, SUN, stroke="#e65100", stroke_width=3, stroke_linejoin="round"))


@weather("fog")
def fog(doc):
    doc.add(icon_cloud(32, 32, 0.55), stroke("M10 42H54M16 50H48M22 58H42", "#90a4ae", 4))


@weather("wind")
def wind_icon(doc):
    doc.add(stroke("M8 24H36a8 8 0 1 0-8-8M8 34H50a7 7 0 1 1-7 7M8 44H28a6 6 0 1 1-6 6", "#4a90d9", 4))


# --- Registry ------------------------------------------------------------------------------------------

SEEDS = ("bioplastic breakfast bridge buses christmas-market concert curry ferry freezer frittata gingerbread "
         "groceries hospital index insulation krone maps market oil pasta pilaf port railway rates recipes robots "
         "salmon satellite savings shipping stew stress students swimming vans walks water wind workout").split()


CATEGORIES = ("fruit berries vegetables dairy cheese eggs bakery grains pasta pantry oil meat fish coffee tea sweets "
              "honey water juice frozen").split()


def pictures():
    """Every file this script writes: {path: SVG text}."""
    assert sorted(STORIES) == sorted(SEEDS), set(STORIES) ^ set(SEEDS)
    assert sorted(PRODUCTS) == sorted(CATEGORIES), set(PRODUCTS) ^ set(CATEGORIES)
    out = {}
    for seed, (draw, background) in STORIES.items():
        doc = Doc(seed, 640, 360)
        doc.backdrop(*background)
        draw(doc)
        out[MEDIA / "stories" / f"{seed}.svg"] = doc.render()
    for category, (draw, background) in PRODUCTS.items():
        doc = Doc(category, 480, 480)
        doc.backdrop(*background)
        doc.add(halo(240, 240, 180))
        draw(doc)
        out[MEDIA / "products" / f"{category}.svg"] = doc.render()
    for name, (draw, width, height, background, x2, y2) in ADS.items():
        doc = Doc(name, width, height)
        doc.add(rect(0, 0, width, height, doc.linear(*background, x2=x2, y2=y2)))
        draw(doc)
        out[MEDIA / "ads" / f"{name}.svg"] = doc.render()
    for condition, draw in WEATHER.items():
        doc = Doc(condition, 64, 64)
        draw(doc)
        out[ASSETS / f"weather-{condition}.svg"] = doc.render()
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when a file on disk differs from the output")
    args = parser.parse_args()
    files = pictures()
    if args.check:
        stale = [p for p, text in files.items() if not p.is_file() or p.read_text(encoding="utf-8") != text]
        for p in stale:
            print(f"{p.relative_to(ROOT)} is not what scripts/draw-demo-images.py draws", file=sys.stderr)
        if stale:
            print(f"{len(stale)} of {len(files)} pictures differ; run scripts/draw-demo-images.py", file=sys.stderr)
            return 1
        print(f"all {len(files)} pictures match")
        return 0
    for p, text in sorted(files.items()):
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8", newline="\n")
    print(f"wrote {len(files)} pictures")
    return 0


if __name__ == "__main__":
    sys.exit(main())
