#!/usr/bin/env python3
"""Writes the valid images the image header tests start from (Tests/AppAlertTests/Fixtures/images/),
with Pillow (`pip install pillow`). The crafted broken ones (truncated, lying, oversized) are made from
these bytes by the tests themselves, each case named there. Run again only to change the set."""
import pathlib
from PIL import Image, ImageDraw

out = pathlib.Path(__file__).resolve().parent.parent / "Tests/AppAlertTests/Fixtures/images"
out.mkdir(parents=True, exist_ok=True)


def picture(width, height, mode="RGB"):
    image = Image.new(mode, (width, height), (30, 110, 200) if mode == "RGB" else (30, 110, 200, 180))
    ImageDraw.Draw(image).ellipse((2, 2, width - 3, height - 3), fill=(250, 200, 40))
    return image


picture(40, 30).save(out / "valid.png", optimize=True)
picture(40, 30).convert("P").save(out / "palette.png")
picture(40, 30).save(out / "valid.jpg", quality=80)
picture(40, 30).save(out / "progressive.jpg", quality=80, progressive=True)
picture(40, 30).convert("P").save(out / "valid.gif")
picture(40, 30).save(out / "lossy.webp", quality=80)
picture(40, 30).save(out / "lossless.webp", lossless=True)
picture(40, 30, "RGBA").save(out / "alpha.webp", quality=80)
for path in sorted(out.iterdir()):
    print(path.name, path.stat().st_size)
