#!/usr/bin/env python3
"""GETs over one keep-alive connection, in rounds told on standard input: each line is a number of
requests to make one after another; "done" is printed once they are all answered. Used by
scripts/bench-request-instructions.sh, so that a counted round holds requests and nothing else (no
connection set up or torn down).
Usage: keepalive_get.py URL [HEADER: VALUE ...]"""
import http.client
import sys
import urllib.parse

url = urllib.parse.urlsplit(sys.argv[1])
headers = dict(header.split(": ", 1) for header in sys.argv[2:])
path = url.path + ("?" + url.query if url.query else "")
connection = http.client.HTTPConnection(url.hostname, url.port, timeout=600)
for line in sys.stdin:
    for _ in range(int(line)):
        connection.request("GET", path, headers=headers)
        response = connection.getresponse()
        response.read()
        if response.status != 200:
            sys.exit(f"keepalive_get: {path} answered {response.status}")
    print("done", flush=True)
