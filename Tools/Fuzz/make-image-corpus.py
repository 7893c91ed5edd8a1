#!/usr/bin/env python3
"""Writes FuzzImage's seed corpus (Tools/Fuzz/corpus/image/) from the test images that
scripts/make-image-fixtures.py made (Tests/AppAlertTests/Fixtures/images/): each good file of the four
formats, then files broken the way the image tests break them (cut short, lying about their size,
zero-sized, a PNG header whose checksum fails, PngSuite's broken signatures and IHDR fields, JPEG kinds
the platforms do not draw, bytes after the end marker, WebP containers lying about their sizes), and a
few download shapes (over the byte limit, a length that is a lie). Each seed starts with the bytes that
shape the download (FuzzImage.swift says how). Standard library only; run again to change the set."""
import pathlib
import struct
import zlib

root = pathlib.Path(__file__).resolve().parents[2]
images = root / "Tests/AppAlertTests/Fixtures/images"
out = root / "Tools/Fuzz/corpus/image"
out.mkdir(parents=True, exist_ok=True)
for old in out.iterdir():
    old.unlink()

SIDES = {4096: 0, 64: 1, 40: 2, 16: 3}
DECLARED = {"none": 0, "exact": 1, "cut": 2, "twice": 3}


def shape(limit=4096, declared="exact", splits=(8, 33, 100), side=4096, half_pixels=False):
    """The bytes FuzzImage reads before the image."""
    assert 1 <= limit <= 65536 and len(splits) <= 7
    flags = DECLARED[declared] | len(splits) << 2 | SIDES[side] << 5 | (0x80 if half_pixels else 0)
    return struct.pack(">H", limit - 1) + bytes([flags]) + bytes(splits)


def read(name):
    return bytearray((images / name).read_bytes())


def seal(png):
    """The IHDR's CRC-32 made right again after an edit."""
    png[29:33] = struct.pack(">I", zlib.crc32(bytes(png[12:29])))
    return png


def edit(name, change, sealed=False):
    data = read(name)
    change(data)
    return seal(data) if sealed else data


SOF_MARKERS = set(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}  # every start-of-frame kind (DHT, JPG, DAC are not)


def frame(jpeg):
    """The offset of the JPEG's start-of-frame marker, of any kind."""
    offset = 2
    while jpeg[offset + 1] not in SOF_MARKERS:
        offset += 2 + (jpeg[offset + 2] << 8 | jpeg[offset + 3])
    return offset


def after_frame(jpeg):
    """The offset just past the JPEG's frame header."""
    offset = frame(jpeg)
    return offset + 2 + (jpeg[offset + 2] << 8 | jpeg[offset + 3])


def sof(marker):
    """Makes the JPEG's frame of the kind `marker` names (lossless, hierarchical, arithmetic-coded, …)."""
    def change(data):
        data[frame(data) + 1] = marker
    return change


def chunk(kind, payload=b""):
    """A PNG chunk with its length and CRC-32."""
    return struct.pack(">I", len(payload)) + kind + payload + struct.pack(">I", zlib.crc32(kind + payload))


# What a phone's Motion Photo puts after the JPEG's EOI: an MP4's ftyp box, then video data that holds
# JPEG markers as any bytes may.
MOTION_TRAILER = (struct.pack(">I", 24) + b"ftypmp42" + bytes(4) + b"isommp42" + struct.pack(">I", 256) + b"mdat"
                  + b"\xff\xd8\xff\xc0\xff\xff\x12\x34\xff\xd9" + bytes(30))


def put(data, offset, fmt, value):
    data[offset:offset + struct.calcsize(fmt)] = struct.pack(fmt, value)


def jpeg_size(width, height):
    def change(data):
        put(data, frame(data) + 5, ">H", height)
        put(data, frame(data) + 7, ">H", width)
    return change


seeds = {}
# Good files of every format and kind, read whole within a 40-pixel side limit.
for name in ["valid.png", "palette.png", "valid.jpg", "progressive.jpg", "valid.gif", "lossy.webp",
             "lossless.webp", "alpha.webp"]:
    seeds["good-" + name.replace(".", "-")] = (shape(side=40), read(name))

# Download shapes: over the byte limit, in chunks or declared; a length that promises more; limits.
seeds["over-limit-chunked"] = (shape(limit=100, declared="none"), read("valid.png"))
seeds["over-limit-declared"] = (shape(limit=300, declared="twice", splits=()), read("valid.png"))
seeds["declared-more-than-arrives"] = (shape(declared="cut", splits=(255, 255)), read("valid.jpg"))
seeds["one-chunk-no-length"] = (shape(declared="none", splits=()), read("valid.gif"))
seeds["empty-chunks"] = (shape(splits=(0, 0, 12, 0)), read("lossless.webp"))
seeds["side-limit-16"] = (shape(side=16), read("valid.gif"))
seeds["pixel-limit-half"] = (shape(side=40, half_pixels=True), read("lossy.webp"))

broken = {
    # PNG: cut, lying, zero-sized, and PngSuite's x-files (xs1n, xs2n, xs4n, xs7n, xcrn, xlfn, xhdn,
    # xc1n, xc9n, xd0n, xd3n, xd9n) made from a good file.
    "png-cut": edit("valid.png", lambda d: d.__delitem__(slice(-20, None))),
    "png-20-bytes": read("valid.png")[:20],
    "png-0-wide": edit("valid.png", lambda d: put(d, 16, ">I", 0), sealed=True),
    "png-5000-wide": edit("valid.png", lambda d: put(d, 16, ">I", 5000), sealed=True),
    "png-4096x4096": edit("valid.png", lambda d: (put(d, 16, ">I", 4096), put(d, 20, ">I", 4096)), sealed=True),
    "png-4096x4097": edit("valid.png", lambda d: (put(d, 16, ">I", 4096), put(d, 20, ">I", 4097)), sealed=True),
    "png-2e31-wide": edit("valid.png", lambda d: put(d, 16, ">I", 1 << 31), sealed=True),
    "png-first-chunk-idat": edit("valid.png", lambda d: d.__setitem__(slice(12, 16), b"IDAT")),
    "png-no-ihdr": edit("valid.png", lambda d: d.__delitem__(slice(8, 33))),
    "png-ihdr-length-12": edit("valid.png", lambda d: d.__setitem__(11, 12)),
    "png-ihdr-crc-wrong": edit("valid.png", lambda d: d.__setitem__(32, d[32] ^ 1)),
    "png-ihdr-crc-zero": edit("valid.png", lambda d: put(d, 29, ">I", 0)),
    "png-width-changed-crc-kept": edit("valid.png", lambda d: put(d, 16, ">I", 60000)),
    "png-signature-byte1": edit("valid.png", lambda d: d.__setitem__(0, 0x09)),
    "png-signature-byte2": edit("valid.png", lambda d: d.__setitem__(1, ord("Q"))),
    "png-signature-byte4": edit("valid.png", lambda d: d.__setitem__(3, ord("g"))),
    "png-signature-byte7": edit("valid.png", lambda d: d.__setitem__(6, 0x20)),
    "png-signature-crlf": edit("valid.png", lambda d: d.insert(5, 0x0D)),
    "png-signature-lf": edit("valid.png", lambda d: d.__delitem__(4)),
    "png-color-type-1": edit("valid.png", lambda d: d.__setitem__(25, 1), sealed=True),
    "png-color-type-9": edit("valid.png", lambda d: d.__setitem__(25, 9), sealed=True),
    "png-depth-0": edit("valid.png", lambda d: d.__setitem__(24, 0), sealed=True),
    "png-depth-3": edit("valid.png", lambda d: d.__setitem__(24, 3), sealed=True),
    "png-depth-99": edit("valid.png", lambda d: d.__setitem__(24, 99), sealed=True),
    "png-compression-1": edit("valid.png", lambda d: d.__setitem__(26, 1), sealed=True),
    "png-interlace-2": edit("valid.png", lambda d: d.__setitem__(28, 2), sealed=True),
    "png-no-iend": edit("palette.png", lambda d: d.__delitem__(slice(-12, None))),
    # JPEG
    "jpeg-cut": read("valid.jpg")[: len(read("valid.jpg")) // 2],
    "jpeg-0-high": edit("valid.jpg", jpeg_size(40, 0)),
    "jpeg-60000x60000": edit("progressive.jpg", jpeg_size(60000, 60000)),
    "jpeg-segment-length-0": edit("valid.jpg", lambda d: put(d, 4, ">H", 0)),
    "jpeg-segment-past-end": edit("valid.jpg", lambda d: put(d, 4, ">H", 0xFFFF)),
    "jpeg-scan-before-frame": edit("valid.jpg", lambda d: d.__setitem__(frame(d) + 1, 0xDA)),
    "jpeg-sof-c1-extended": edit("valid.jpg", sof(0xC1)),
    # JPEG kinds the platforms do not draw, refused by their frame marker (issue 33)
    "jpeg-sof-c3-lossless": edit("valid.jpg", sof(0xC3)),
    "jpeg-sof-c5-hierarchical": edit("valid.jpg", sof(0xC5)),
    "jpeg-sof-c7-hierarchical-lossless": edit("progressive.jpg", sof(0xC7)),
    "jpeg-sof-c9-arithmetic": edit("valid.jpg", sof(0xC9)),
    "jpeg-sof-ca-arithmetic-progressive": edit("progressive.jpg", sof(0xCA)),
    "jpeg-sof-cb-arithmetic-lossless": edit("valid.jpg", sof(0xCB)),
    "jpeg-sof-cf-arithmetic-hierarchical-lossless": edit("valid.jpg", sof(0xCF)),
    # Trailers: bytes after the end marker, which decoders ignore (issue 32), and cuts with bytes after
    "png-trailer-zeros": read("valid.png") + bytes(16),
    "png-trailer-chunk": read("palette.png") + chunk(b"tEXt", b"after the end"),
    "png-trailer-second-png": read("valid.png") * 2,
    "png-tiny-chunks": (lambda d: d[:33] + chunk(b"tEXt") * 40 + d[33:])(read("valid.png")),
    "png-idat-length-past-end": edit("valid.png", lambda d: put(d, 33, ">I", 1 << 31)),
    "png-cut-in-iend-with-trailer": read("valid.png")[:-2] + bytes(1),
    "jpeg-trailer-zeros": read("valid.jpg") + bytes(16),
    "jpeg-trailer-motion-photo": read("progressive.jpg") + MOTION_TRAILER,
    "jpeg-cut-with-trailer": read("valid.jpg")[:-40] + bytes(16),
    "jpeg-comments-after-frame": (lambda d: d[:after_frame(d)] + b"\xff\xfe\x00\x02" * 40
                                  + d[after_frame(d):])(read("valid.jpg")),
    "jpeg-table-past-end": edit("valid.jpg", lambda d: put(d, after_frame(d) + 2, ">H", 0xFFFF)),
    # GIF
    "gif-no-trailer": read("valid.gif")[:-1],
    "gif-65535x65535": edit("valid.gif", lambda d: (put(d, 6, "<H", 65535), put(d, 8, "<H", 65535))),
    "gif-0-wide": edit("valid.gif", lambda d: put(d, 6, "<H", 0)),
    "gif-13-bytes": read("valid.gif")[:12] + b";",
    # WebP
    "webp-riff-size-over": read("lossy.webp")[:-100],
    "webp-vp8-16383x16383": edit("lossy.webp", lambda d: (put(d, 26, "<H", 16383), put(d, 28, "<H", 16383))),
    "webp-vp8-no-start-code": edit("lossy.webp", lambda d: d.__setitem__(23, 0)),
    "webp-vp8l-no-signature": edit("lossless.webp", lambda d: d.__setitem__(20, 0)),
    "webp-vp8l-16384x16384": edit("lossless.webp", lambda d: put(d, 21, "<I", 0x0FFFFFFF)),
    "webp-vp8x-canvas-16m": edit("alpha.webp", lambda d: d.__setitem__(slice(24, 27), b"\xff\xff\xff")),
    "webp-unknown-chunk": edit("lossy.webp", lambda d: d.__setitem__(slice(12, 16), b"VP9 ")),
    "webp-29-bytes": read("lossless.webp")[:29],
    "webp-trailer-zeros": read("lossy.webp") + bytes(16),
    "webp-riff-size-4": edit("lossy.webp", lambda d: put(d, 4, "<I", 4)),
    "webp-riff-size-0": edit("alpha.webp", lambda d: put(d, 4, "<I", 0)),
    "webp-riff-size-huge": edit("lossy.webp", lambda d: put(d, 4, "<I", 0x7FFFFFF0)),
    "webp-vp8-chunk-huge": edit("lossy.webp", lambda d: put(d, 16, "<I", 0xFFFFFFF0)),
    "webp-vp8l-chunk-past-riff": edit("lossless.webp", lambda d: put(d, 16, "<I", d[4] - 11)),
    "webp-vp8-chunk-0": edit("lossy.webp", lambda d: put(d, 16, "<I", 0)),
    # Not images
    "bmp": bytearray(b"BM" + bytes(60)),
    "svg": bytearray(b'<svg xmlns="http://www.w3.org/2000/svg" width="9e9" height="9e9"></svg>'),
    "html": bytearray(b"<!DOCTYPE html><html><body>Not found</body></html>"),
    "empty": bytearray(),
}
for name, data in broken.items():
    seeds[name] = (shape(splits=(16,)), data)

for name, (head, data) in sorted(seeds.items()):
    (out / name).write_bytes(head + bytes(data))
total = sum(path.stat().st_size for path in out.iterdir())
print(f"{len(seeds)} seeds, {total} bytes, the largest {max(p.stat().st_size for p in out.iterdir())}")
