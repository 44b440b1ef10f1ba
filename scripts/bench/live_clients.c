// Live-update load for scripts/bench-live.sh, in C so that the load takes little of the two cores
// the server needs (the Python asyncio client, live_clients.py, spent about as much CPU reading
// ten thousand streams as the server spent writing them). One thread, epoll, non-blocking sockets.
//
//   live_clients hold   HOST PORT PATH N SECONDS        open N streams, say when all are open, hold
//   live_clients fanout HOST PORT PATH N WRITES KEY [PID]  open N streams, post WRITES events one
//                                                       at a time, report write -> `update` latencies
//                                                       (and, given the server's PID, its CPU time
//                                                       per write, from /proc)
//
// Prints one JSON object per report on stdout, as live_clients.py does. Loopback addresses only.
// Build: cc -O2 -o live_clients live_clients.c
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static const char pattern[] = "event: update";
enum { patternLength = sizeof(pattern) - 1 };
static int failure[patternLength];  // KMP: the pattern's borders, for a match across reads

typedef struct {
    int fd;
    int sent;     // the request is written
    int retries;  // connections refused before this one
    int opened;   // the response head arrived with 200
    int matched;  // how much of `pattern` the bytes read so far end with
    long updates; // `update` events seen
    double firstUpdate;  // when the first `update` after the current write arrived, 0 before
} Stream;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static void die(const char *what) {
    perror(what);
    exit(1);
}

static struct sockaddr_in address;
static char request[1024];
static int requestLength;

static int connectTo(void) {
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) die("socket");
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    if (connect(fd, (struct sockaddr *)&address, sizeof address) < 0 && errno != EINPROGRESS) die("connect");
    return fd;
}

// Counts `update` events in bytes read from a stream (the head is skipped by the caller).
static void scan(Stream *s, const char *bytes, ssize_t length, double arrival) {
    for (ssize_t i = 0; i < length; i++) {
        while (s->matched > 0 && bytes[i] != pattern[s->matched]) s->matched = failure[s->matched - 1];
        if (bytes[i] == pattern[s->matched]) s->matched++;
        if (s->matched == patternLength) {
            s->matched = failure[patternLength - 1];
            s->updates++;
            if (s->firstUpdate == 0) s->firstUpdate = arrival;
        }
    }
}

static Stream *streams;
static int count;
static int epoll;
static char buffer[1 << 16];
#define postTag 0xFFFFFFFFu
static int postFD = -1;
static double postAnswered;  // when the post's answer arrived, 0 before

static int never(void) { return 0; }
static int postDone(void) { return postAnswered != 0; }

// Reads whatever is ready on `s`. Returns 0 when the server closed the stream.
static int readStream(Stream *s, double arrival) {
    for (;;) {
        ssize_t n = read(s->fd, buffer, sizeof buffer);
        if (n > 0) {
            const char *body = buffer;
            ssize_t length = n;
            if (!s->opened) {
                // The head arrives in one read in practice; a 200 is all that is checked.
                if (n < 12 || memcmp(buffer + 8, " 200", 4) != 0) {
                    fprintf(stderr, "live_clients: stream refused: %.40s\n", buffer);
                    exit(1);
                }
                s->opened = 1;
                char *end = memmem(buffer, n, "\r\n\r\n", 4);
                body = end ? end + 4 : buffer + n;
                length = n - (body - buffer);
            }
            scan(s, body, length, arrival);
            continue;
        }
        if (n == 0) return 0;
        if (errno == EAGAIN || errno == EWOULDBLOCK) return 1;
        if (errno == EINTR) continue;
        return 0;
    }
}

// Runs the event loop until `done()` or `deadline`.
static void pump(int (*done)(void), double deadline) {
    struct epoll_event events[512];
    while (!done()) {
        double left = deadline - now();
        if (left <= 0) return;
        int ready = epoll_wait(epoll, events, 512, (int)(left * 1000) + 1);
        if (ready < 0) {
            if (errno == EINTR) continue;
            die("epoll_wait");
        }
        double arrival = now();
        for (int i = 0; i < ready; i++) {
            if (events[i].data.u32 == postTag) {  // the post's answer: read by finishPost
                postAnswered = arrival;
                epoll_ctl(epoll, EPOLL_CTL_DEL, postFD, NULL);
                continue;
            }
            Stream *s = &streams[events[i].data.u32];
            if (!readStream(s, arrival)) {
                fprintf(stderr, "live_clients: a stream closed\n");
                epoll_ctl(epoll, EPOLL_CTL_DEL, s->fd, NULL);
                close(s->fd);
                s->fd = -1;
            }
        }
    }
}

// Opens every stream, 500 at a time (the listen backlog is finite); a request is written once its
// connection is up.
static double openAll(void) {
    double started = now();
    for (int start = 0; start < count; start += 500) {
        int end = start + 500 < count ? start + 500 : count;
        for (int i = start; i < end; i++) {
            streams[i].fd = connectTo();
            struct epoll_event event = {.events = EPOLLOUT, .data.u32 = (unsigned)i};
            if (epoll_ctl(epoll, EPOLL_CTL_ADD, streams[i].fd, &event) < 0) die("epoll_ctl");
        }
        // Write each request once writable, then wait for its head.
        int written = 0;
        struct epoll_event events[512];
        double deadline = now() + 60;
        while (written < end - start) {
            int ready = epoll_wait(epoll, events, 512, 1000);
            if (ready < 0 && errno != EINTR) die("epoll_wait");
            if (now() > deadline) {
                fprintf(stderr, "live_clients: streams did not connect in 60 s\n");
                exit(1);
            }
            for (int k = 0; k < ready; k++) {
                Stream *s = &streams[events[k].data.u32];
                if (s->sent) {  // an earlier batch's stream with bytes to read
                    readStream(s, now());
                    continue;
                }
                if (events[k].events & (EPOLLERR | EPOLLHUP)) {
                    // Refused (a full listen backlog can refuse): again, a few times, then give up.
                    if (++s->retries > 5) {
                        fprintf(stderr, "live_clients: connection refused, 5 times\n");
                        exit(1);
                    }
                    epoll_ctl(epoll, EPOLL_CTL_DEL, s->fd, NULL);
                    close(s->fd);
                    usleep(10000);
                    s->fd = connectTo();
                    struct epoll_event again = {.events = EPOLLOUT, .data.u32 = events[k].data.u32};
                    if (epoll_ctl(epoll, EPOLL_CTL_ADD, s->fd, &again) < 0) die("epoll_ctl");
                    continue;
                }
                if (write(s->fd, request, requestLength) != requestLength) die("write");
                s->sent = 1;
                struct epoll_event in = {.events = EPOLLIN, .data.u32 = events[k].data.u32};
                epoll_ctl(epoll, EPOLL_CTL_MOD, s->fd, &in);
                written++;
            }
        }
        for (;;) {  // this batch's heads
            int all = 1;
            for (int i = start; i < end; i++) all &= streams[i].opened;
            if (all) break;
            struct epoll_event events2[512];
            int ready = epoll_wait(epoll, events2, 512, 1000);
            if (ready < 0 && errno != EINTR) die("epoll_wait");
            if (now() > deadline) {
                fprintf(stderr, "live_clients: streams not answered in 60 s\n");
                exit(1);
            }
            double arrival = now();
            for (int k = 0; k < ready; k++) readStream(&streams[events2[k].data.u32], arrival);
        }
    }
    return now() - started;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double percentile(double *sorted, long n, double p) {
    long index = (long)(p / 100 * (n - 1) + 0.5);
    return sorted[index < n ? index : n - 1];
}

// Posts one catalog event on a connection of its own, without waiting for the answer: the answer
// is read (and the connection closed) by `finishPost`.
static int postEvent(const char *key, int n, double *sent) {
    char body[512], message[2048];
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    int bodyLength = snprintf(body, sizeof body,
        "{\"events\":[{\"id\":\"bench-live-c-%ld%09ld-%d\",\"type\":\"product_created\","
        "\"product_id\":\"bench-live-%d\",\"name\":\"Bench %d\",\"store_price\":\"10.00\"}]}",
        (long)t.tv_sec, t.tv_nsec, n, n, n);
    int length = snprintf(message, sizeof message,
        "POST /api/v1/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer %s\r\n"
        "Content-Type: application/json\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s",
        key, bodyLength, body);
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) die("socket");
    if (connect(fd, (struct sockaddr *)&address, sizeof address) < 0) die("connect (post)");
    *sent = now();
    if (write(fd, message, length) != length) die("write (post)");
    return fd;
}

static void finishPost(int fd) {
    char answer[4096];
    ssize_t n, total = 0;
    while ((n = read(fd, answer + total, sizeof answer - 1 - total)) > 0) total += n;
    answer[total] = 0;
    if (total < 12 || memcmp(answer + 8, " 200", 4) != 0) {
        fprintf(stderr, "live_clients: post refused: %.200s\n", answer);
        exit(1);
    }
    close(fd);
}

// CPU time (user + system) of process `pid` in milliseconds, from /proc; -1 when unknown.
static double cpuMilliseconds(const char *pid) {
    if (!pid) return -1;
    char path[64], line[4096];
    snprintf(path, sizeof path, "/proc/%s/stat", pid);
    FILE *file = fopen(path, "r");
    if (!file) return -1;
    size_t n = fread(line, 1, sizeof line - 1, file);
    fclose(file);
    line[n] = 0;
    char *rest = strrchr(line, ')');  // the command may hold spaces: fields count from after it
    if (!rest) return -1;
    unsigned long user = 0, system = 0;
    // After ")": state, then fields 4..13, then utime (14) and stime (15).
    if (sscanf(rest + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &user, &system) != 2) return -1;
    return (user + system) * 1000.0 / sysconf(_SC_CLK_TCK);
}

static int allUpdated(void) {
    for (int i = 0; i < count; i++)
        if (streams[i].fd >= 0 && streams[i].firstUpdate == 0) return 0;
    return 1;
}

int main(int argc, char **argv) {
    if (argc < 6) {
        fprintf(stderr, "usage: live_clients hold HOST PORT PATH N SECONDS | fanout HOST PORT PATH N WRITES KEY\n");
        return 2;
    }
    const char *command = argv[1], *host = argv[2], *path = argv[4];
    if (strcmp(host, "127.0.0.1") != 0 && strcmp(host, "localhost") != 0) {
        fprintf(stderr, "live_clients: loopback only\n");
        return 2;
    }
    address.sin_family = AF_INET;
    address.sin_port = htons((unsigned short)atoi(argv[3]));
    inet_pton(AF_INET, "127.0.0.1", &address.sin_addr);
    count = atoi(argv[5]);
    requestLength = snprintf(request, sizeof request,
        "GET %s HTTP/1.1\r\nHost: 127.0.0.1:%s\r\nAccept: text/event-stream\r\n\r\n", path, argv[3]);
    for (int i = 1, k = 0; i < patternLength; i++) {  // KMP failure function
        while (k > 0 && pattern[i] != pattern[k]) k = failure[k - 1];
        if (pattern[i] == pattern[k]) k++;
        failure[i] = k;
    }
    streams = calloc(count, sizeof *streams);
    epoll = epoll_create1(EPOLL_CLOEXEC);
    if (!streams || epoll < 0) die("setup");
    double seconds = openAll();

    if (strcmp(command, "hold") == 0) {
        printf("{\"open\": %d, \"seconds_to_open\": %.2f}\n", count, seconds);
        fflush(stdout);
        pump(never, now() + atof(argv[6]));
        int still = 0;
        for (int i = 0; i < count; i++) still += streams[i].fd >= 0;
        printf("{\"still_open\": %d, \"held\": %s}\n", still, argv[6]);
        return 0;
    }
    if (strcmp(command, "fanout") != 0 || argc < 8) {
        fprintf(stderr, "live_clients: unknown command %s\n", command);
        return 2;
    }
    int writes = atoi(argv[6]);
    const char *key = argv[7];
    pump(never, now() + 1);  // every stream has its `position` event
    double *latencies = malloc(sizeof(double) * (size_t)count * (writes > 0 ? writes : 1));
    double *lasts = malloc(sizeof(double) * (writes > 0 ? writes : 1));
    double *answered = malloc(sizeof(double) * (writes + 1));
    long delivered = 0;
    double cold = 0;
    const char *pid = argc > 8 ? argv[8] : NULL;
    double cpuStart = 0;
    for (int n = 0; n <= writes; n++) {  // the first write warms the server up and is reported alone
        for (int i = 0; i < count; i++) streams[i].firstUpdate = 0;
        double sent;
        postFD = postEvent(key, n, &sent);
        postAnswered = 0;
        struct epoll_event event = {.events = EPOLLIN, .data.u32 = postTag};
        epoll_ctl(epoll, EPOLL_CTL_ADD, postFD, &event);
        pump(allUpdated, sent + 10);
        if (postAnswered == 0) pump(postDone, sent + 10);
        finishPost(postFD);
        answered[n] = (postAnswered - sent) * 1000;
        double last = 0;
        int missing = 0;
        for (int i = 0; i < count; i++) {
            if (streams[i].firstUpdate == 0) {
                missing++;
                continue;
            }
            double latency = (streams[i].firstUpdate - sent) * 1000;
            if (latency > last) last = latency;
            if (n > 0) latencies[delivered++] = latency;
        }
        if (n == 0) {
            cold = last;
            cpuStart = cpuMilliseconds(pid);  // the writes measured start after the first
        } else {
            lasts[n - 1] = last;
        }
        if (missing) fprintf(stderr, "{\"write\": %d, \"missing\": %d}\n", n, missing);
        pump(never, now() + 0.5);
    }
    double cpuEnd = cpuMilliseconds(pid);
    if (delivered == 0 || writes == 0) {
        fprintf(stderr, "live_clients: nothing delivered\n");
        return 1;
    }
    double *sortedLasts = malloc(sizeof(double) * writes);
    memcpy(sortedLasts, lasts, sizeof(double) * writes);
    qsort(latencies, delivered, sizeof(double), compare);
    qsort(sortedLasts, writes, sizeof(double), compare);
    printf("{\"streams\": %d, \"writes\": %d, \"delivered\": %ld, \"expected\": %ld, \"p50_ms\": %.1f, "
           "\"p99_ms\": %.1f, \"last_client_p50_ms\": %.1f, \"last_client_p99_ms\": %.1f, "
           "\"last_client_max_ms\": %.1f, \"last_client_per_write_ms\": [",
        count, writes, delivered, (long)count * writes, percentile(latencies, delivered, 50),
        percentile(latencies, delivered, 99), percentile(sortedLasts, writes, 50),
        percentile(sortedLasts, writes, 99), sortedLasts[writes - 1]);
    for (int n = 0; n < writes; n++) printf("%s%.0f", n ? ", " : "", lasts[n]);
    printf("], \"first_write_last_client_ms\": %.1f, \"post_answered_ms\": [", cold);
    for (int n = 0; n <= writes; n++) printf("%s%.0f", n ? ", " : "", answered[n]);
    printf("]");
    if (cpuStart >= 0 && cpuEnd >= 0 && pid) printf(", \"server_cpu_ms_per_write\": %.1f", (cpuEnd - cpuStart) / writes);
    printf("}\n");
    return 0;
}
