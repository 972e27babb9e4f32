#!/usr/bin/env python3
"""Generates ReuseKit's sticker library: Lottie JSON stickers, a PNG frame strip, a GIF and manifest.json.

Python 3 standard library only. Run from anywhere: `python3 Assets/Stickers/generate.py`.
Every sticker loops seamlessly (the last frame leads back into the first) and keeps bold shapes and
outlines so it still reads at 32 px.
"""
import json
import math
import os
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
SIZE = 160

# --- Lottie helpers -------------------------------------------------------------------------------

EASE_OUT = {"x": [0.58], "y": [1]}
EASE_IN = {"x": [0.42], "y": [0]}


def rgb(hex_colour):
    h = hex_colour.lstrip("#")
    return [round(int(h[i:i + 2], 16) / 255, 4) for i in (0, 2, 4)] + [1]


def static(value):
    return {"a": 0, "k": value}


def as_list(value):
    return list(value) if isinstance(value, (list, tuple)) else [value]


def animated(keys):
    """Keyframes [(frame, value), ...] with ease-in-out between each pair."""
    frames = []
    for index, (time, value) in enumerate(keys):
        frame = {"t": time, "s": as_list(value)}
        if index + 1 < len(keys):
            frame["e"] = as_list(keys[index + 1][1])
            frame["o"] = EASE_IN
            frame["i"] = EASE_OUT
        frames.append(frame)
    return {"a": 1, "k": frames}


def prop(value):
    return animated(value) if isinstance(value, list) and value and isinstance(value[0], tuple) else static(value)


def transform(position=(0, 0), anchor=(0, 0), scale=(100, 100), rotation=0, opacity=100):
    return {
        "ty": "tr", "p": prop(list(position) if isinstance(position, tuple) else position),
        "a": static(list(anchor)), "s": prop(list(scale) if isinstance(scale, tuple) else scale),
        "r": prop(rotation), "o": prop(opacity),
    }


def group(items, **transform_args):
    return {"ty": "gr", "it": items + [transform(**transform_args)]}


def ellipse(x, y, w, h):
    return {"ty": "el", "d": 1, "p": static([x, y]), "s": static([w, h])}


def rect(x, y, w, h, radius=0):
    return {"ty": "rc", "d": 1, "p": static([x, y]), "s": static([w, h]), "r": static(radius)}


def path(vertices, ins, outs, closed=True):
    return {"ty": "sh", "d": 1, "ks": static({"c": closed, "v": vertices, "i": ins, "o": outs})}


def star(points, inner, outer, roundness=0):
    return {
        "ty": "sr", "sy": 1, "d": 1, "pt": static(points), "p": static([0, 0]), "r": static(0),
        "ir": static(inner), "is": static(roundness), "or": static(outer), "os": static(roundness),
    }


def fill(colour, opacity=100):
    return {"ty": "fl", "c": static(rgb(colour)), "o": prop(opacity), "r": 1}


def stroke(colour, width, opacity=100):
    return {"ty": "st", "c": static(rgb(colour)), "o": prop(opacity), "w": static(width), "lc": 2, "lj": 2}


def layer(index, name, shapes, frames, position=(80, 80), anchor=(0, 0), scale=(100, 100), rotation=0,
          opacity=100, start=0, end=None):
    def three(v):
        return [(t, list(x) + [0] if len(x) == 2 else list(x)) for t, x in v] if isinstance(v, list) else list(v) + [0]

    return {
        "ddd": 0, "ind": index, "ty": 4, "nm": name, "sr": 1,
        "ks": {
            "o": prop(opacity), "r": prop(rotation), "p": prop(three(position)),
            "a": static(list(anchor) + [0]), "s": prop(three(scale)),
        },
        "ao": 0, "shapes": shapes, "ip": start, "op": frames if end is None else end, "st": 0, "bm": 0,
    }


def animation(name, frames, rate, layers):
    numbered = [dict(item, ind=index + 1) for index, item in enumerate(layers)]
    return {"v": "5.5.2", "fr": rate, "ip": 0, "op": frames, "w": SIZE, "h": SIZE, "nm": name, "ddd": 0,
            "assets": [], "layers": numbered}


def outlined(shapes, colour, outline, width):
    """The shapes filled with `colour` over the same shapes stroked with `outline` (a clean outer outline)."""
    return [group(shapes + [fill(colour)]), group([dict(s) for s in shapes] + [stroke(outline, width)])]


# --- Lottie stickers ------------------------------------------------------------------------------


def heart():
    frames, rate = 60, 60
    beat = [(0, (100, 100)), (8, (116, 116)), (16, (98, 98)), (24, (110, 110)), (34, (100, 100)),
            (60, (100, 100))]
    shape = [rect(0, 10, 60, 60, 6), ellipse(-21, -11, 60, 60), ellipse(21, -11, 60, 60)]
    diamond = group([shape[0]], rotation=45, position=(0, 10), anchor=(0, 10))
    lobes = shape[1:]
    body = [group([diamond, *lobes, fill("#FF2D55")]), group([diamond, *lobes, stroke("#B0123A", 8)])]
    shine = group([ellipse(-24, -20, 18, 12), fill("#FFFFFF", 70)], rotation=-35, position=(-24, -20),
                  anchor=(-24, -20))
    ring = [group([ellipse(0, 0, 120, 120), stroke("#FF6F91", 6, [(0, 0), (6, 80), (34, 0), (60, 0)])],
                  scale=[(0, (70, 70)), (34, (125, 125)), (60, (125, 125))])]
    return animation("heart", frames, rate, [
        layer(0, "shine", [shine], frames, position=(80, 84), scale=beat),
        layer(0, "heart", body, frames, position=(80, 84), scale=beat),
        layer(0, "ring", ring, frames, position=(80, 82)),
    ])


def flame(scale):
    v = [[0, -90], [38, -10], [0, 30], [-38, -10]]
    i = [[-8, 30], [0, -35], [21, 0], [0, 22]]
    o = [[8, 30], [0, 22], [-21, 0], [0, -35]]
    return path([[x * scale, 30 + (y - 30) * scale] for x, y in v], [[x * scale, y * scale] for x, y in i],
                [[x * scale, y * scale] for x, y in o])


def fire():
    frames, rate = 60, 30
    layers = []
    for k, (colour, s, phase, tilt) in enumerate([("#FFE14D", 0.45, 20, 5), ("#FF9A1F", 0.72, 10, -4),
                                                  ("#FF4D1A", 1.0, 0, 3)]):
        wobble = [((phase + t) % frames, (100 + dx, 100 + dy)) for t, dx, dy in
                  [(0, 0, 0), (15, 6, -8), (30, -4, 10), (45, 5, -5)]]
        wobble = sorted(wobble)
        first = (0, wobble[-1][1]) if wobble[0][0] != 0 else None
        keys = ([first] if first else []) + wobble + [(frames, wobble[0][1] if not first else first[1])]
        # Interpolating cyclic keys: make the value at 0 and at `frames` equal.
        keys = [(t, v) for t, v in keys]
        keys[-1] = (frames, keys[0][1])
        sway = [(0, -tilt), (frames // 2, tilt), (frames, -tilt)]
        shapes = [group([flame(s), fill(colour)])]
        if k == 2:
            shapes.append(group([flame(s), stroke("#C21807", 7)]))
        layers.append(layer(0, f"flame{k}", shapes, frames, position=(80, 146), anchor=(0, 30), scale=keys,
                               rotation=sway))
    for n, (x, start) in enumerate([(-22, 0), (18, 20), (-4, 40)]):
        for offset in (0, -frames):
            t0 = start + offset
            layers.append(layer(0, f"spark{n}{offset}", [group([ellipse(0, 0, 9, 9), fill("#FFD23F")])], frames,
                                position=[(t0, (80 + x, 70)), (t0 + 30, (80 + x * 1.6, 14))],
                                opacity=[(t0, 100), (t0 + 30, 0)], start=max(0, t0), end=min(frames, t0 + 30)))
    return animation("fire", frames, rate, layers)


def party():
    frames, rate = 60, 30
    colours = ["#FF3B6B", "#3BC9FF", "#FFD23F", "#7CFF5B", "#B45BFF", "#FF8A3B", "#3BFFC1", "#FF5BD6"]
    mouth = (62, 98)
    layers = []
    for n in range(12):
        angle = math.radians(-75 + n * 9.5)
        distance = 62 + (n % 3) * 10
        start = (n * 7) % 18
        end = start + 40
        target = (mouth[0] + math.cos(angle) * distance * 1.1, mouth[1] + math.sin(angle) * distance)
        fall = (target[0] + 4, target[1] + 14)
        piece = rect(0, 0, 12, 7, 2) if n % 2 == 0 else ellipse(0, 0, 9, 9)
        layers.append(layer(0, f"confetti{n}", [group([piece, fill(colours[n % len(colours)])])], frames,
                            position=[(start, mouth), (start + 16, target), (end, fall)],
                            rotation=[(start, 0), (end, 360 if n % 2 else -360)],
                            opacity=[(start, 0), (start + 3, 100), (end - 10, 100), (end, 0)],
                            start=start, end=end))
    cone_path = path([[0, 0], [-44, 48], [14, 20]], [[0, 0], [0, 0], [0, 0]], [[0, 0], [0, 0], [0, 0]])
    stripes = [group([path([[-12, 12], [-22, 24], [-6, 24], [2, 16]], [[0, 0]] * 4, [[0, 0]] * 4),
                      fill("#FFD23F")]),
               group([path([[-30, 34], [-38, 44], [-22, 40], [-16, 34]], [[0, 0]] * 4, [[0, 0]] * 4),
                      fill("#3BC9FF")])]
    cone = stripes + [group([cone_path, fill("#B45BFF")]), group([cone_path, stroke("#5A1E8C", 6)])]
    pop = [(0, (100, 100)), (3, (88, 112)), (9, (106, 94)), (16, (100, 100)), (60, (100, 100))]
    pop = [(t, (x * 1.35, y * 1.35)) for t, (x, y) in pop]
    layers.insert(0, layer(0, "popper", cone, frames, position=(mouth[0] + 4, mouth[1] + 2), scale=pop,
                           rotation=[(0, 0), (4, -8), (14, 0), (60, 0)]))
    burst = [group([star(8, 6, 16), fill("#FFD23F")])]
    layers.append(layer(0, "burst", burst, frames, position=(mouth[0] + 8, mouth[1] - 10),
                        scale=[(0, (20, 20)), (8, (140, 140)), (16, (0, 0)), (60, (0, 0))],
                        opacity=[(0, 100), (14, 0), (60, 0)]))
    return animation("party", frames, rate, layers)


def wave():
    frames, rate = 60, 30
    fingers = [rect(x, -58 + abs(x) * 0.35, 15, 46, 7.5) for x in (-22, -7, 8, 23)]
    palm = rect(0, -18, 62, 58, 22)
    thumb = group([rect(0, 0, 16, 40, 8)], position=(-32, -10), rotation=-40)
    shapes = fingers + [palm, thumb]
    hand = [group([*shapes, fill("#FFC83D")]), group([dict(s) for s in shapes] + [stroke("#C98A00", 8)])]
    cuff = [group([rect(0, 24, 46, 16, 6), fill("#3B82F6")]), group([rect(0, 24, 46, 16, 6), stroke("#1E4FB0", 6)])]
    swing = [(0, -14), (15, 16), (30, -14), (45, 16), (60, -14)]
    lines = []
    for n, (r, op_phase) in enumerate([(58, 0), (72, 8)]):
        arc = path([[r * math.cos(math.radians(a)), r * math.sin(math.radians(a))] for a in (-70, -40, -10)],
                   [[0, 0]] * 3, [[0, 0]] * 3, closed=False)
        arc["ks"]["k"]["i"] = [[0, 0], [-8, -10], [4, -12]]
        arc["ks"]["k"]["o"] = [[4, 10], [8, 10], [0, 0]]
        lines.append(group([arc, stroke("#3BC9FF", 6, [(0, 0), (8 + op_phase, 100), (22 + op_phase, 0),
                                                           (30, 0), (38 + op_phase, 100), (52 + op_phase, 0),
                                                           (60, 0)])]))
    return animation("wave", frames, rate, [
        layer(0, "hand", cuff + hand, frames, position=(78, 128), anchor=(0, 30), rotation=swing),
        layer(0, "motion", lines, frames, position=(70, 104)),
    ])


def star_sticker():
    frames, rate = 60, 30
    body = [group([star(5, 24, 52, 0), fill("#FFD23F")]), group([star(5, 24, 52, 0), stroke("#E08A00", 7)])]
    face = [group([ellipse(-10, -2, 7, 11), ellipse(10, -2, 7, 11), fill("#5A3A00")])]
    sparkles = []
    for n, (x, y, phase) in enumerate([(-56, -50, 0), (54, -44, 15), (52, 54, 30), (-52, 50, 45)]):
        twinkle = sorted([((phase + t) % frames, v) for t, v in [(0, (0, 0)), (8, (100, 100)), (16, (0, 0))]])
        keys = [(0, (0, 0))] + [k for k in twinkle if k[0] != 0] + [(frames, (0, 0))] if phase else \
            twinkle + [(frames, (0, 0))]
        sparkles.append(layer(0, f"sparkle{n}", [group([star(4, 4, 14), fill("#FFFFFF")]),
                                                 group([star(4, 4, 14), stroke("#3BC9FF", 3)])], frames,
                              position=(80 + x, 80 + y), scale=keys))
    return animation("star", frames, rate, sparkles + [
        layer(0, "face", face, frames, position=(80, 84), rotation=[(0, -8), (30, 8), (60, -8)],
              scale=[(0, (100, 100)), (15, (110, 110)), (30, (100, 100)), (45, (110, 110)), (60, (100, 100))]),
        layer(0, "star", body, frames, position=(80, 84), rotation=[(0, -8), (30, 8), (60, -8)],
              scale=[(0, (100, 100)), (15, (110, 110)), (30, (100, 100)), (45, (110, 110)), (60, (100, 100))]),
    ])


def smile():
    frames, rate = 90, 30
    blink = [(0, (100, 100)), (60, (100, 100)), (64, (100, 10)), (68, (100, 100)), (90, (100, 100))]
    bob = [(0, (80, 84)), (22, (80, 78)), (45, (80, 84)), (67, (80, 78)), (90, (80, 84))]
    face = [group([ellipse(0, 0, 116, 116), fill("#FFC83D")]), group([ellipse(0, 0, 116, 116), stroke("#C98A00", 8)])]
    cheeks = [group([ellipse(-34, 16, 20, 12), ellipse(34, 16, 20, 12), fill("#FF7A9C", 80)])]
    mouth = path([[-30, 10], [0, 34], [30, 10]], [[0, 0], [-18, 0], [0, 0]], [[0, 0], [18, 0], [0, 0]])
    mouth_group = [group([mouth, fill("#7A2E00")]), group([mouth, stroke("#7A2E00", 6)])]
    eyes = [group([ellipse(-20, -14, 14, 20), fill("#3D2400")], position=(-20, -14), anchor=(-20, -14), scale=blink),
            group([ellipse(20, -14, 14, 20), fill("#3D2400")], position=(20, -14), anchor=(20, -14), scale=blink)]
    return animation("smile", frames, rate, [
        layer(0, "features", eyes + mouth_group + cheeks, frames, position=bob),
        layer(0, "face", face, frames, position=bob),
    ])


# --- Raster stickers ------------------------------------------------------------------------------


def coverage(inside, x, y, samples=4):
    hits = 0
    for sy in range(samples):
        for sx in range(samples):
            if inside(x + (sx + 0.5) / samples, y + (sy + 0.5) / samples):
                hits += 1
    return hits / (samples * samples)


def over(dst, colour, alpha):
    """Composites straight-alpha `colour` with `alpha` over the straight-alpha pixel `dst`."""
    r, g, b = colour
    dr, dg, db, da = dst
    out_a = alpha + da * (1 - alpha)
    if out_a == 0:
        return (0, 0, 0, 0)
    mix = lambda s, d: (s * alpha + d * da * (1 - alpha)) / out_a
    return (mix(r, dr), mix(g, dg), mix(b, db), out_a)


def bounce_frame(t, size):
    """A ball bouncing with squash and stretch over a soft shadow; t in [0, 1)."""
    height = abs(math.sin(math.pi * t))  # 0 at the floor, 1 at the top
    floor = size * 0.80
    radius = size * 0.17
    squash = max(0.0, 1 - height / 0.18)  # squashes only close to the floor
    sx, sy = 1 + 0.28 * squash, 1 - 0.24 * squash
    cy = floor - radius * sy - height * size * 0.50
    cx = size / 2
    hue = t
    colour = hsv(hue, 0.75, 1.0)
    shadow_w = radius * (1.3 - 0.6 * height)
    pixels = []
    for y in range(size):
        for x in range(size):
            px = (0.0, 0.0, 0.0, 0.0)
            shadow = coverage(lambda u, v: ((u - cx) / shadow_w) ** 2 + ((v - floor) / (radius * 0.28)) ** 2 <= 1,
                              x, y, 2)
            if shadow:
                px = over(px, (0.2, 0.1, 0.3), shadow * 0.35 * (1 - 0.5 * height))
            ring = coverage(lambda u, v: ((u - cx) / (radius * sx + 3)) ** 2 + ((v - cy) / (radius * sy + 3)) ** 2
                            <= 1, x, y)
            if ring:
                px = over(px, tuple(c * 0.6 for c in colour), ring)
            ball = coverage(lambda u, v: ((u - cx) / (radius * sx)) ** 2 + ((v - cy) / (radius * sy)) ** 2 <= 1,
                            x, y)
            if ball:
                px = over(px, colour, ball)
            shine = coverage(lambda u, v: ((u - cx + radius * 0.35) / (radius * 0.3)) ** 2
                             + ((v - cy + radius * 0.4) / (radius * 0.2)) ** 2 <= 1, x, y, 2)
            if shine:
                px = over(px, (1, 1, 1), shine * 0.8)
            pixels.append(px)
    return pixels


def hsv(h, s, v):
    i = int(h * 6) % 6
    f = h * 6 - int(h * 6)
    p, q, t = v * (1 - s), v * (1 - s * f), v * (1 - s * (1 - f))
    return [(v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q)][i]


def png(width, height, rgba_rows):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    raw = bytearray()
    for row in rgba_rows:
        raw.append(1)  # Sub filter: flat colours compress well
        previous = [0, 0, 0, 0]
        for i in range(0, len(row), 4):
            for c in range(4):
                raw.append((row[i + c] - previous[c]) & 0xFF)
            previous = row[i:i + 4]
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(raw), 9))
            + chunk(b"IEND", b""))


def to_bytes(px):
    r, g, b, a = px
    return [round(r * 255), round(g * 255), round(b * 255), round(a * 255)]


def bounce_strip(frames=30, size=96):
    rendered = [bounce_frame(n / frames, size) for n in range(frames)]
    rows = []
    for y in range(size):
        row = []
        for frame in rendered:
            for x in range(size):
                row.extend(to_bytes(frame[y * size + x]))
        rows.append(row)
    return png(size * frames, size, rows)


def lzw(indices, min_code_size):
    clear, end = 1 << min_code_size, (1 << min_code_size) + 1
    table = {(i,): i for i in range(clear)}
    next_code, width = end + 1, min_code_size + 1
    bits, bit_count, out = 0, 0, bytearray()

    def emit(code):
        nonlocal bits, bit_count
        bits |= code << bit_count
        bit_count += width
        while bit_count >= 8:
            out.append(bits & 0xFF)
            bits >>= 8
            bit_count -= 8

    emit(clear)
    current = (indices[0],)
    for index in indices[1:]:
        candidate = current + (index,)
        if candidate in table:
            current = candidate
            continue
        emit(table[current])
        if next_code < 4096:
            table[candidate] = next_code
            next_code += 1
            if next_code > (1 << width) and width < 12:
                width += 1
        else:
            emit(clear)
            table = {(i,): i for i in range(clear)}
            next_code, width = end + 1, min_code_size + 1
        current = (index,)
    emit(table[current])
    emit(end)
    if bit_count:
        out.append(bits & 0xFF)
    return bytes(out)


def spinner_gif(frames=30, size=96):
    """Eight rainbow dots chasing round a ring. GIF delays are centiseconds: 3, 3, 4 repeating = 30 fps."""
    palette = [(0, 0, 0)] + [tuple(round(c * 255) for c in hsv(n / 8, 0.7, 1.0)) for n in range(8)]
    palette += [(40, 40, 60)] + [(0, 0, 0)] * (16 - len(palette) - 1)
    out = bytearray(b"GIF89a" + struct.pack("<HHBBB", size, size, 0xF3, 0, 0))
    for r, g, b in palette:
        out += bytes([r, g, b])
    out += b"\x21\xFF\x0BNETSCAPE2.0\x03\x01\x00\x00\x00"  # loop forever
    centre, ring = size / 2, size * 0.32
    for n in range(frames):
        t = n / frames
        pixels = bytearray(size * size)
        for d in range(8):
            angle = 2 * math.pi * (d / 8 + t / 8 * 8 / 8)
            pulse = 0.5 + 0.5 * math.cos(2 * math.pi * (d / 8 - t))
            radius = size * (0.06 + 0.05 * pulse)
            cx, cy = centre + ring * math.cos(angle), centre + ring * math.sin(angle)
            for y in range(int(cy - radius - 3), int(cy + radius + 4)):
                for x in range(int(cx - radius - 3), int(cx + radius + 4)):
                    distance = math.hypot(x + 0.5 - cx, y + 0.5 - cy)
                    if distance <= radius:
                        pixels[y * size + x] = 1 + d
                    elif distance <= radius + 2.5 and pixels[y * size + x] == 0:
                        pixels[y * size + x] = 9
        delay = 4 if n % 3 == 2 else 3
        out += b"\x21\xF9\x04" + bytes([0x09]) + struct.pack("<H", delay) + b"\x00\x00"  # restore bg, transparent 0
        out += b"\x2C" + struct.pack("<HHHHB", 0, 0, size, size, 0)
        data = lzw(list(pixels), 4)
        out += bytes([4])
        for i in range(0, len(data), 255):
            block = data[i:i + 255]
            out += bytes([len(block)]) + block
        out += b"\x00"
    out += b"\x3B"
    return bytes(out)


# --- Library --------------------------------------------------------------------------------------


def main():
    manifest = []
    for build in (heart, fire, party, wave, star_sticker, smile):
        doc = build()
        data = json.dumps(doc, separators=(",", ":")).encode()
        file = f"{doc['nm']}.json"
        with open(os.path.join(HERE, file), "wb") as handle:
            handle.write(data)
        manifest.append({"file": file})  # name, kind, size and timing come from the file itself
    with open(os.path.join(HERE, "bounce.png"), "wb") as handle:
        handle.write(bounce_strip())
    manifest.append({"file": "bounce.png", "frameCount": 30, "frameRate": 30})  # how to cut the strip
    with open(os.path.join(HERE, "spinner.gif"), "wb") as handle:
        handle.write(spinner_gif())
    manifest.append({"file": "spinner.gif"})
    with open(os.path.join(HERE, "manifest.json"), "w") as handle:
        json.dump({"version": 1, "stickers": manifest}, handle, indent=2)
        handle.write("\n")
    for entry in manifest:
        size = os.path.getsize(os.path.join(HERE, entry["file"]))
        assert size < 64 * 1024, f"{entry['file']} is {size} bytes"
        print(f"{entry['file']:12} {size:6} bytes")


if __name__ == "__main__":
    main()
