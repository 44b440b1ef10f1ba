#!/usr/bin/env python3
"""Re-takes README's hero picture, docs/images/reader.png: the demo at 375 px in headless Chromium —
the courier's news section light and dark, and the grocery catalog — side by side.

    swift run tidings serve &            # the demo, on a fresh ./tidings.sqlite
    python3 scripts/readme-hero.py       # [--server URL] [--out PATH]

Needs Debian's chromium and chromium-driver, and the Python packages selenium and pillow (the
browser tests need the first three too; see docs/testing.md). Run it against a fresh demo: a
dismissed notification card or a changed catalog shows in the picture.
"""
import argparse
import io
import shutil
import sys
import time

try:
    from PIL import Image
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
except ImportError as error:
    sys.exit(f"readme-hero: {error.name} is missing (pip install selenium pillow)")

WIDTH, HEIGHT = 375, 627   # a phone's width; the height shows a card, an ad and the next cards
PANEL = 287                # each panel's width in the picture (three make 861 px)
SHOTS = [("/courier/news", "light"), ("/courier/news", "dark"), ("/grocery/news", "light")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", default="http://127.0.0.1:8080")
    parser.add_argument("--out", default="docs/images/reader.png")
    args = parser.parse_args()
    options = Options()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                     f"--window-size={WIDTH},{HEIGHT}", "--lang=en-US",
                     "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost"]:
        options.add_argument(argument)
    service = Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    driver = webdriver.Chrome(service=service, options=options)
    panels = []
    try:
        for path, scheme in SHOTS:
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                   {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                   {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": True})
            driver.get(args.server + path)
            # Every image in view decoded before the shot.
            for _ in range(50):
                if driver.execute_script("return [...document.images].every(i => i.loading === 'lazy' || i.complete)"):
                    break
                time.sleep(0.1)
            time.sleep(0.3)
            shot = Image.open(io.BytesIO(driver.get_screenshot_as_png())).convert("RGB")
            panels.append(shot.crop((0, 0, WIDTH, HEIGHT)).resize((PANEL, round(HEIGHT * PANEL / WIDTH)), Image.LANCZOS))
    finally:
        driver.quit()
    picture = Image.new("RGB", (PANEL * len(panels), panels[0].height), "white")
    for index, panel in enumerate(panels):
        picture.paste(panel, (index * PANEL, 0))
    picture.save(args.out, optimize=True)
    print(f"readme-hero: wrote {args.out} ({picture.width}x{picture.height})")


if __name__ == "__main__":
    main()
