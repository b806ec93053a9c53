"""Table sound effects synthesised at start-up with the standard library only.

Generating the effects in code means the game ships no audio files and needs no numpy; each
effect is a few hundred milliseconds of filtered noise or additive tones, rendered once into
16-bit PCM for the mixer. Every effect gets short fades at both ends so it never clicks, and
is normalised to a peak well below full scale so several can overlap without clipping.

``SoundBank`` wraps ``pygame.mixer``: when no audio device could be opened the bank stays
silent instead of failing, because sound is a nicety and must never stop a game.
"""

from __future__ import annotations

import io
import math
import random
import sys
import wave
from array import array
from collections.abc import Callable

import pygame

EFFECTS: tuple[str, ...] = (
    "draw",
    "discard",
    "meld",
    "canasta",
    "pile_taken",
    "going_out",
    "illegal",
)

# Seconds; a sound's sample count is round(duration * sample_rate).
DURATIONS: dict[str, float] = {
    "draw": 0.22,
    "discard": 0.16,
    "meld": 0.22,
    "canasta": 0.65,
    "pile_taken": 0.55,
    "going_out": 0.8,
    "illegal": 0.32,
}

# Peak of each effect as a fraction of full scale: loud enough to hear, far from clipping,
# and balanced so a frequent draw is softer than a rare canasta.
_PEAKS: dict[str, float] = {
    "draw": 0.32,
    "discard": 0.5,
    "meld": 0.42,
    "canasta": 0.45,
    "pile_taken": 0.36,
    "going_out": 0.42,
    "illegal": 0.42,
}
MAX_PEAK = 0.5
FADE_IN_S = 0.002
FADE_OUT_S = 0.015
# Ringing tones are still sounding at their end, so they get a longer release than a click.
_FADE_OUT: dict[str, float] = {"canasta": 0.12, "going_out": 0.15}

Signal = list[float]


def _check_name(name: str) -> None:
    """A misspelt effect is a bug in the caller; say so rather than play silence."""
    if name not in DURATIONS:
        raise ValueError(f"unknown sound effect {name!r}; known: {', '.join(EFFECTS)}")


def duration(name: str) -> float:
    """Length of an effect in seconds."""
    _check_name(name)
    return DURATIONS[name]


def frame_count(name: str, sample_rate: int) -> int:
    """Number of sample frames (one sample per channel) of an effect at ``sample_rate``."""
    return round(duration(name) * sample_rate)


# ---------------------------------------------------------------------------------------------
# Building blocks. All work on plain float lists in [-1, 1], mono.


def _noise(n: int, seed: int) -> Signal:
    """White noise from a seeded generator, so the same effect is the same every run."""
    rng = random.Random(seed)
    return [rng.uniform(-1.0, 1.0) for _ in range(n)]


def _bandpass(x: Signal, rate: int, centre: Callable[[float], float], q: float) -> Signal:
    """State-variable band-pass with a moving centre frequency: the colour of a swish."""
    low = band = 0.0
    damp = 1.0 / q
    out: Signal = []
    for i, sample in enumerate(x):
        fc = min(centre(i / rate), rate / 6)
        f = 2.0 * math.sin(math.pi * fc / rate)
        low += f * band
        high = sample - low - damp * band
        band += f * high
        out.append(band)
    return out


def _tone(
    n: int,
    rate: int,
    freq: Callable[[float], float],
    harmonics: tuple[float, ...] = (1.0,),
) -> Signal:
    """Additive tone whose pitch may glide; ``harmonics`` are the partials' amplitudes."""
    out: Signal = []
    phase = 0.0
    for i in range(n):
        phase += 2.0 * math.pi * freq(i / rate) / rate
        out.append(sum(a * math.sin(k * phase) for k, a in enumerate(harmonics, start=1)))
    return out


def _shaped(x: Signal, rate: int, env: Callable[[float], float]) -> Signal:
    """Multiply by an amplitude envelope given as a function of time in seconds."""
    return [s * env(i / rate) for i, s in enumerate(x)]


def _mix_into(dest: Signal, src: Signal, start: int, gain: float = 1.0) -> None:
    """Add ``src`` into ``dest`` from frame ``start``, cut at the end of ``dest``."""
    for i, s in enumerate(src[: max(0, len(dest) - start)]):
        dest[start + i] += s * gain


def _hit_env(attack: float, decay: float) -> Callable[[float], float]:
    """Fast linear attack, exponential decay: the envelope of anything struck."""

    def env(t: float) -> float:
        if t < attack:
            return t / attack
        return math.exp(-(t - attack) / decay)

    return env


def _note(freq: float, length: int, rate: int, decay: float) -> Signal:
    """A soft bell/organ note: a few harmonics, quick attack, exponential decay."""
    raw = _tone(length, rate, lambda _t: freq, (1.0, 0.4, 0.18, 0.08))
    return _shaped(raw, rate, _hit_env(0.008, decay))


# ---------------------------------------------------------------------------------------------
# The effects.


def _draw(n: int, rate: int) -> Signal:
    """Soft swish: band-passed noise sweeping up and back, like a card slid off the stock."""
    dur = n / rate
    x = _bandpass(_noise(n, 11), rate, lambda t: 900 + 2600 * math.sin(math.pi * t / dur), 1.4)
    return _shaped(x, rate, lambda t: math.sin(math.pi * min(1.0, t / dur)) ** 1.5)


def _discard(n: int, rate: int) -> Signal:
    """Card slap: a bright noise crack over a short low thump."""
    crack = _shaped(
        _bandpass(_noise(n, 23), rate, lambda _t: 2200, 0.9), rate, _hit_env(0.001, 0.022)
    )
    thump = _shaped(_tone(n, rate, lambda t: 150 - 260 * t), rate, _hit_env(0.002, 0.035))
    return [c * 1.6 + 0.55 * t for c, t in zip(crack, thump, strict=True)]


def _meld(n: int, rate: int) -> Signal:
    """Two quick snaps, the second a little higher: cards laid down together."""
    out = [0.0] * n
    for k, (start, pitch) in enumerate(((0.0, 2600.0), (0.09, 3200.0))):
        length = min(n, int(0.08 * rate))
        snap = _bandpass(_noise(length, 31 + k), rate, lambda _t, p=pitch: p, 1.2)
        snap = _shaped(snap, rate, _hit_env(0.0008, 0.012))
        tick = _shaped(
            _tone(length, rate, lambda _t, p=pitch: p * 0.8), rate, _hit_env(0.0005, 0.008)
        )
        _mix_into(
            out, [a * 1.5 + 0.4 * b for a, b in zip(snap, tick, strict=True)], int(start * rate)
        )
    return out


def _canasta(n: int, rate: int) -> Signal:
    """Rising major arpeggio that rings on as a chord: the best moment of a hand."""
    out = [0.0] * n
    for i, freq in enumerate((523.25, 659.26, 783.99, 1046.5)):
        start = int(i * 0.075 * rate)
        _mix_into(out, _note(freq, n - start, rate, 0.32), start, 1.0 - i * 0.1)
    return out


def _pile_taken(n: int, rate: int) -> Signal:
    """Longer swoosh with a flutter: a whole pile gathered across the felt."""
    dur = n / rate
    x = _bandpass(_noise(n, 47), rate, lambda t: 500 + 2400 * (t / dur), 1.1)

    def env(t: float) -> float:
        swell = math.sin(math.pi * min(1.0, t / dur)) ** 1.2
        return swell * (0.7 + 0.3 * math.sin(2 * math.pi * 14 * t))

    return _shaped(x, rate, env)


def _going_out(n: int, rate: int) -> Signal:
    """A short rising tune ending on a held high note: the hand is won."""
    out = [0.0] * n
    tune = ((392.0, 0.0), (523.25, 0.11), (659.26, 0.22), (783.99, 0.33), (1046.5, 0.46))
    for i, (freq, start) in enumerate(tune):
        first = int(start * rate)
        last = i == len(tune) - 1
        _mix_into(out, _note(freq, n - first, rate, 0.22 if last else 0.09), first)
    return out


def _illegal(n: int, rate: int) -> Signal:
    """Two low, falling hollow bonks: 'not there'."""
    out = [0.0] * n
    for start, f0 in ((0.0, 196.0), (0.15, 147.0)):
        first = int(start * rate)
        length = n - first
        bonk = _tone(length, rate, lambda t, f=f0: f * (1 - 0.25 * t), (1.0, 0.0, 0.33, 0.0, 0.2))
        _mix_into(out, _shaped(bonk, rate, _hit_env(0.004, 0.06)), first)
    return out


_GENERATORS: dict[str, Callable[[int, int], Signal]] = {
    "draw": _draw,
    "discard": _discard,
    "meld": _meld,
    "canasta": _canasta,
    "pile_taken": _pile_taken,
    "going_out": _going_out,
    "illegal": _illegal,
}


def render(name: str, sample_rate: int = 44100) -> Signal:
    """One effect as mono floats, faded at both ends and normalised to its peak level."""
    n = frame_count(name, sample_rate)
    if sample_rate < 8000:
        raise ValueError(f"sample rate {sample_rate} is too low for these effects")
    x = _GENERATORS[name](n, sample_rate)
    fade_in = max(1, int(FADE_IN_S * sample_rate))
    fade_out = max(1, int(_FADE_OUT.get(name, FADE_OUT_S) * sample_rate))
    for i in range(min(fade_in, n)):
        x[i] *= 0.5 - 0.5 * math.cos(math.pi * i / fade_in)
    for i in range(min(fade_out, n)):
        x[n - 1 - i] *= 0.5 - 0.5 * math.cos(math.pi * i / fade_out)
    peak = max((abs(s) for s in x), default=0.0)
    gain = min(_PEAKS[name], MAX_PEAK) / peak if peak > 0 else 0.0
    return [s * gain for s in x]


def synth(name: str, sample_rate: int = 44100, channels: int = 2) -> bytes:
    """16-bit signed little-endian PCM of an effect, channels interleaved (same on each).

    The byte length is ``frame_count(name, sample_rate) * channels * 2``: exactly the layout
    ``pygame.mixer.Sound(buffer=...)`` expects from a mixer opened at that rate and channel
    count with the default signed 16-bit format.
    """
    if channels < 1:
        raise ValueError("channels must be at least 1")
    mono = array("h", (round(s * 32767) for s in render(name, sample_rate)))
    if channels == 1:
        pcm = mono
    else:
        pcm = array("h", bytes(len(mono) * channels * 2))
        for c in range(channels):
            pcm[c::channels] = mono
    if sys.byteorder == "big":
        pcm.byteswap()
    return pcm.tobytes()


def wav_bytes(name: str, sample_rate: int = 44100, channels: int = 2) -> bytes:
    """The effect as a complete WAV file, for mixers opened in a format other than 16-bit."""
    buf = io.BytesIO()
    with wave.open(buf, "wb") as out:
        out.setnchannels(channels)
        out.setsampwidth(2)
        out.setframerate(sample_rate)
        out.writeframes(synth(name, sample_rate, channels))
    return buf.getvalue()


class SoundBank:
    """The game's effects, built for whatever format the mixer actually opened.

    Sounds are synthesised on first use (or by ``preload``) and kept; if the mixer is later
    re-opened with another format they are rebuilt. With no mixer, ``play`` is a silent no-op.
    """

    def __init__(self, volume: float = 0.7, muted: bool = False) -> None:
        self._volume = _clamp(volume)
        self._muted = muted
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._format: tuple[int, int, int] | None = None

    @staticmethod
    def init_mixer(frequency: int = 44100, channels: int = 2, buffer: int = 512) -> bool:
        """Try to open the audio device; False (not an exception) when there is none."""
        try:
            if pygame.mixer.get_init() is None:
                pygame.mixer.init(frequency=frequency, size=-16, channels=channels, buffer=buffer)
            return pygame.mixer.get_init() is not None
        except (pygame.error, NotImplementedError, OSError):
            return False

    @property
    def available(self) -> bool:
        """Whether sounds can be heard right now (the mixer is open)."""
        return _mixer_format() is not None

    @property
    def volume(self) -> float:
        """Effects volume, 0..1, applied to each sound as it is played."""
        return self._volume

    @property
    def muted(self) -> bool:
        """Whether ``play`` is currently a no-op by the player's choice."""
        return self._muted

    def set_volume(self, volume: float) -> None:
        """Set the effects volume, clamped to 0..1; applies to sounds already playing too."""
        self._volume = _clamp(volume)
        for sound in self._sounds.values():
            sound.set_volume(self._volume)

    def set_muted(self, muted: bool) -> None:
        """Mute or unmute; muting also stops what is playing so a toggle takes effect at once."""
        self._muted = muted
        if muted:
            for sound in self._sounds.values():
                sound.stop()

    def sound(self, name: str) -> pygame.mixer.Sound | None:
        """The mixer Sound for an effect, built if needed; None when there is no mixer."""
        _check_name(name)
        fmt = _mixer_format()
        if fmt is None:
            return None
        if fmt != self._format:
            self._sounds.clear()
            self._format = fmt
        snd = self._sounds.get(name)
        if snd is None:
            try:
                snd = _build_sound(name, fmt)
            except (pygame.error, ValueError, OSError):
                return None
            snd.set_volume(self._volume)
            self._sounds[name] = snd
        return snd

    def preload(self) -> int:
        """Build every effect now, to avoid a hitch the first time each plays; returns count."""
        return sum(1 for name in EFFECTS if self.sound(name) is not None)

    def play(self, name: str) -> bool:
        """Play an effect; True if it was handed to the mixer, False when silent or muted.

        Raises ``ValueError`` only for an unknown effect name, which is a bug in the caller.
        """
        _check_name(name)
        if self._muted:
            return False
        snd = self.sound(name)
        if snd is None:
            return False
        try:
            snd.set_volume(self._volume)
            snd.play()
        except pygame.error:
            return False
        return True


def _clamp(volume: float) -> float:
    """Settings files and sliders may hand over anything; the mixer wants 0..1."""
    return max(0.0, min(1.0, float(volume)))


def _mixer_format() -> tuple[int, int, int] | None:
    """``pygame.mixer.get_init()``, or None when the mixer is closed or missing entirely."""
    try:
        fmt = pygame.mixer.get_init()
    except (pygame.error, NotImplementedError, AttributeError):
        return None
    if fmt is None:
        return None
    return int(fmt[0]), int(fmt[1]), int(fmt[2])


def _build_sound(name: str, fmt: tuple[int, int, int]) -> pygame.mixer.Sound:
    """Raw buffer when the mixer runs signed 16-bit; otherwise a WAV that SDL converts."""
    frequency, size, channels = fmt
    if size == -16:
        pcm = synth(name, frequency, channels)
        if sys.byteorder == "big":  # the mixer wants native order, synth gives little-endian
            swapped = array("h", pcm)
            swapped.byteswap()
            pcm = swapped.tobytes()
        return pygame.mixer.Sound(buffer=pcm)
    return pygame.mixer.Sound(file=io.BytesIO(wav_bytes(name, frequency, channels)))
