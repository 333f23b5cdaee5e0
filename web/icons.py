#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""web/icons.py DIR: the site's icons (SPEC 10.2: 192 and 512 px, for the
web app manifest), drawn here at build time as PNG with the standard
library only: a die's face, five pips, on the page's dark blue."""
import struct
import sys
import zlib

BLUE, WHITE = (0x1f, 0x3a, 0x5f), (0xff, 0xff, 0xff)


def pixel(x, y, n):
    """The colour at (x, y) of an n-px icon, from shapes in unit coordinates."""
    u, v = (x + 0.5) / n, (y + 0.5) / n
    r = 0.1  # the face's rounded corners
    cx, cy = min(max(u, 0.2 + r), 0.8 - r), min(max(v, 0.2 + r), 0.8 - r)
    if (u - cx) ** 2 + (v - cy) ** 2 > r * r:
        return BLUE
    for px, py in ((0.33, 0.33), (0.67, 0.33), (0.5, 0.5), (0.33, 0.67), (0.67, 0.67)):
        if (u - px) ** 2 + (v - py) ** 2 <= 0.055 ** 2:
            return BLUE
    return WHITE


def png(n):
    rows = b"".join(b"\0" + bytes(c for x in range(n) for c in pixel(x, y, n)) for y in range(n))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", n, n, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: web/icons.py DIR")
    for size in (192, 512):
        with open(f"{sys.argv[1]}/icon-{size}.png", "wb") as f:
            f.write(png(size))
