#!/usr/bin/env python3
"""Synthesises Tabula's sounds: small mono 16-bit WAV files at 22,050 Hz.

Run from anywhere: `python3 assets/sounds/make_sounds.py`. It writes the WAV files next
to itself and prints each one's duration, peak and size. Only Python's standard library
is used, and the noise comes from a generator with a fixed seed, so that the files come
out the same on every run.
"""

import math
import os
import random
import struct
import wave

RATE = 22050
# The loudest any file gets, of full scale: no clipping, some headroom for mixing.
PEAK = 0.8

rng = random.Random(1910)


def silence(seconds):
    return [0.0] * int(seconds * RATE)


def noise(seconds):
    return [rng.uniform(-1.0, 1.0) for _ in range(int(seconds * RATE))]


def lowpass(samples, cutoff):
    """A one-pole low-pass filter at `cutoff` Hz."""
    a = math.exp(-2.0 * math.pi * cutoff / RATE)
    out, y = [], 0.0
    for x in samples:
        y = (1.0 - a) * x + a * y
        out.append(y)
    return out


def highpass(samples, cutoff):
    """A one-pole high-pass filter at `cutoff` Hz (the input less its low-pass)."""
    low = lowpass(samples, cutoff)
    return [x - l for x, l in zip(samples, low)]


def decay(samples, seconds):
    """Multiplies by an exponential decay that falls to 1/e in `seconds`."""
    return [x * math.exp(-i / (seconds * RATE)) for i, x in enumerate(samples)]


def tone(freq, seconds, damping, phase=0.0):
    """A damped sine: a struck resonance."""
    n = int(seconds * RATE)
    return [
        math.sin(2.0 * math.pi * freq * i / RATE + phase) * math.exp(-i / (damping * RATE))
        for i in range(n)
    ]


def mix(*tracks):
    """Adds tracks of (offset seconds, samples, gain)."""
    length = max(int(off * RATE) + len(s) for off, s, _ in tracks)
    out = [0.0] * length
    for off, samples, gain in tracks:
        start = int(off * RATE)
        for i, x in enumerate(samples):
            out[start + i] += gain * x
    return out


def fade_edges(samples, seconds=0.002):
    """Short fades at both ends, so that no file starts or stops with a click."""
    n = min(int(seconds * RATE), len(samples) // 2)
    for i in range(n):
        g = i / n
        samples[i] *= g
        samples[-1 - i] *= g
    return samples


def normalise(samples, peak=PEAK):
    top = max(abs(x) for x in samples) or 1.0
    return [x * peak / top for x in samples]


def knock(pitch=180.0, body=0.05, bright=2500.0, length=0.18):
    """A wooden piece set down: a filtered noise burst and a damped low resonance."""
    burst = decay(lowpass(noise(0.03), bright), 0.006)
    ring = mix(
        (0.0, tone(pitch, length, body), 1.0),
        (0.0, tone(pitch * 2.76, length, body * 0.4), 0.35),
    )
    return mix((0.0, burst, 0.9), (0.0, ring, 0.8))


def click(bright=5000.0, length=0.02):
    """A sharp, light click."""
    return decay(highpass(noise(length), bright * 0.3), length / 4)


def place():
    return knock()


def capture():
    # A sharp click of piece on piece, then two knocks: the taker lands, the taken goes.
    return mix(
        (0.0, click(), 0.8),
        (0.01, knock(pitch=230.0, bright=4000.0, length=0.15), 1.0),
        (0.16, knock(pitch=160.0, length=0.2), 0.8),
    )


def charge():
    # Hooves: three quick knocks rising, then the capture's click.
    return mix(
        (0.0, knock(pitch=150.0, length=0.1), 0.7),
        (0.09, knock(pitch=170.0, length=0.1), 0.8),
        (0.18, knock(pitch=200.0, length=0.1), 0.9),
        (0.28, click(), 0.9),
        (0.29, knock(pitch=240.0, bright=4000.0, length=0.2), 1.0),
    )


def die():
    # A rattle of short clicks, further apart and softer as the die slows, then a knock.
    tracks = []
    t = 0.0
    for i in range(9):
        gain = 0.35 + 0.4 * rng.random()
        tracks.append((t, click(bright=3500.0 + 2500.0 * rng.random(), length=0.015), gain))
        t += 0.022 + 0.01 * i + 0.01 * rng.random()
    tracks.append((t + 0.03, knock(pitch=260.0, body=0.03, bright=3500.0, length=0.15), 1.0))
    return mix(*tracks)


def fence_lift():
    # A light wooden tick and a short scrape as the fence leaves its slot.
    scrape = decay(lowpass(highpass(noise(0.12), 800.0), 3000.0), 0.05)
    return mix((0.0, click(bright=4000.0, length=0.015), 0.8), (0.01, scrape, 0.35))


def fence_set():
    # A short scrape into the slot, and a knock higher than a piece's.
    scrape = decay(lowpass(highpass(noise(0.08), 800.0), 3000.0), 0.03)
    return mix((0.0, scrape, 0.3), (0.05, knock(pitch=300.0, body=0.03, length=0.14), 1.0))


def fence_across():
    # The fence set, and a second, firmer knock: the way is cut.
    return mix(
        (0.0, fence_set(), 0.8),
        (0.16, knock(pitch=210.0, body=0.06, length=0.22), 1.0),
    )


def splash(length=0.75):
    """Noise whose filter closes and whose loudness falls: water closing over a hull."""
    samples = noise(length)
    out, y = [], 0.0
    n = len(samples)
    for i, x in enumerate(samples):
        t = i / n
        cutoff = 6000.0 * (1.0 - t) ** 2 + 200.0
        a = math.exp(-2.0 * math.pi * cutoff / RATE)
        y = (1.0 - a) * x + a * y
        attack = min(1.0, i / (0.02 * RATE))
        out.append(y * attack * math.exp(-3.5 * t))
    return out


def blast(length=0.7):
    """A muffled explosion: low-passed noise and a falling low tone, slowly dying."""
    rumble = decay(lowpass(lowpass(noise(length), 180.0), 180.0), 0.25)
    n = int(length * RATE)
    thud = [
        math.sin(2.0 * math.pi * (55.0 - 20.0 * i / n) * i / RATE) * math.exp(-i / (0.15 * RATE))
        for i in range(n)
    ]
    return mix((0.0, normalise(rumble, 1.0), 0.8), (0.0, thud, 0.6))


def pawn_home():
    # The pawn's knock, and two rising bell-like notes.
    def bell(freq, seconds):
        return mix(
            (0.0, tone(freq, seconds, 0.25), 1.0),
            (0.0, tone(freq * 2.0, seconds, 0.15), 0.4),
            (0.0, tone(freq * 3.0, seconds, 0.08), 0.2),
        )

    return mix(
        (0.0, knock(), 0.8),
        (0.12, bell(784.0, 0.4), 0.35),
        (0.24, bell(1047.0, 0.5), 0.35),
    )


def brass(freq, seconds):
    """A brass-like note: odd and even harmonics, brighter as it swells, with vibrato."""
    n = int(seconds * RATE)
    out = []
    for i in range(n):
        t = i / RATE
        swell = min(1.0, t / 0.04)
        release = min(1.0, (seconds - t) / 0.06)
        env = swell * release * (0.85 + 0.15 * math.exp(-t / 0.1))
        vib = 1.0 + 0.004 * math.sin(2.0 * math.pi * 5.5 * t)
        x = 0.0
        for h in range(1, 8):
            bright = min(1.0, swell * 1.2) ** (h * 0.5)
            x += bright * math.sin(2.0 * math.pi * freq * h * vib * t) / h**0.9
        out.append(x * env)
    return out


def win():
    # A short fanfare: G4 C5 E5 G5, the last held.
    notes = [(392.0, 0.0, 0.14), (523.3, 0.15, 0.14), (659.3, 0.3, 0.14), (784.0, 0.45, 0.4)]
    return mix(*[(start, brass(f, length), 1.0) for f, start, length in notes])


def attack():
    # Screwball's attack: a sharp double click and a knock.
    return mix(
        (0.0, click(bright=6000.0), 0.9),
        (0.05, click(bright=6000.0), 0.7),
        (0.08, knock(pitch=210.0, bright=4500.0, length=0.16), 1.0),
    )


SOUNDS = {
    "place": place,
    "capture": capture,
    "charge": charge,
    "die": die,
    "fence_lift": fence_lift,
    "fence_set": fence_set,
    "fence_across": fence_across,
    "pawn_home": pawn_home,
    "splash": splash,
    "blast": blast,
    "attack": attack,
    "win": win,
}


def write(path, samples):
    frames = b"".join(
        struct.pack("<h", max(-32767, min(32767, round(x * 32767)))) for x in samples
    )
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    for name, make in SOUNDS.items():
        samples = normalise(fade_edges(make()))
        path = os.path.join(here, name + ".wav")
        write(path, samples)
        peak = max(abs(x) for x in samples)
        clipped = sum(1 for x in samples if abs(x) >= 1.0)
        print(
            f"{name + '.wav':18} {len(samples) / RATE:5.2f} s  peak {peak:.2f}  "
            f"clipped {clipped}  {os.path.getsize(path):6d} bytes"
        )


if __name__ == "__main__":
    main()
