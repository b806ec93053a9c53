"""Synthesised table sounds: right length and layout, audible, click-free, and never fatal."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import io
import itertools
import math
import sys
import wave
from array import array
from collections.abc import Iterator

import pygame
import pytest

from canasta_game.ui import sound_synth
from canasta_game.ui.sound_synth import DURATIONS, EFFECTS, SoundBank, frame_count, synth


def _samples(pcm: bytes) -> array:
    out = array("h")
    out.frombytes(pcm)
    if sys.byteorder == "big":
        out.byteswap()
    return out


@pytest.fixture(scope="module")
def stereo() -> dict[str, array]:
    """Each effect at the mixer's usual format, synthesised once for the module."""
    return {name: _samples(synth(name, 44100, 2)) for name in EFFECTS}


@pytest.fixture
def closed_mixer() -> Iterator[None]:
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


def test_every_effect_in_the_brief_exists() -> None:
    assert set(EFFECTS) == {
        "draw",
        "discard",
        "meld",
        "canasta",
        "pile_taken",
        "going_out",
        "illegal",
    }
    assert set(DURATIONS) == set(EFFECTS)
    assert 0.5 <= DURATIONS["canasta"] <= 0.8
    assert DURATIONS["pile_taken"] > DURATIONS["draw"]


@pytest.mark.parametrize("name", EFFECTS)
@pytest.mark.parametrize(("rate", "channels"), [(44100, 2), (22050, 1), (48000, 2)])
def test_byte_length_matches_duration_and_channels(name, rate, channels) -> None:
    pcm = synth(name, rate, channels)
    frames = round(DURATIONS[name] * rate)
    assert frame_count(name, rate) == frames
    assert len(pcm) == frames * channels * 2


@pytest.mark.parametrize("name", EFFECTS)
def test_effect_is_audible_but_well_below_clipping(stereo, name) -> None:
    samples = stereo[name]
    peak = max(abs(s) for s in samples)
    rms = math.sqrt(sum(s * s for s in samples) / len(samples))
    assert peak > 6000, peak
    assert peak <= 0.55 * 32767, peak
    assert rms > 300, rms


@pytest.mark.parametrize("name", EFFECTS)
def test_effect_starts_and_ends_at_silence_so_it_does_not_click(stereo, name) -> None:
    samples = stereo[name]
    edge = 2 * 40  # the first and last 40 frames
    assert max(abs(s) for s in samples[:4]) < 200
    assert max(abs(s) for s in samples[-4:]) < 200
    assert max(abs(s) for s in samples[-edge:]) < max(abs(s) for s in samples) / 4


@pytest.mark.parametrize("name", EFFECTS)
def test_stereo_interleaves_the_mono_signal(stereo, name) -> None:
    mono = _samples(synth(name, 44100, 1))
    both = stereo[name]
    assert both[0::2] == mono
    assert both[1::2] == mono


def test_effects_are_distinct_and_deterministic(stereo) -> None:
    assert len({bytes(s) for s in stereo.values()}) == len(EFFECTS)
    assert _samples(synth("meld", 44100, 2)) == stereo["meld"]


def test_canasta_rises_in_pitch() -> None:
    """The fanfare's arpeggio climbs: later windows cross zero more often than the start."""
    x = sound_synth.render("canasta", 44100)

    def crossings(a: int, b: int) -> int:
        seg = x[a:b]
        return sum(1 for p, q in itertools.pairwise(seg) if (p < 0) != (q < 0))

    assert crossings(0, 3000) < crossings(12000, 15000)


def test_unknown_effect_and_bad_channels_are_rejected() -> None:
    with pytest.raises(ValueError):
        synth("kazoo")
    with pytest.raises(ValueError):
        synth("draw", channels=0)
    with pytest.raises(ValueError):
        SoundBank().play("kazoo")


def test_bank_is_silent_without_a_mixer(closed_mixer) -> None:
    bank = SoundBank()
    assert not bank.available
    for name in EFFECTS:
        assert bank.play(name) is False
    assert bank.sound("draw") is None
    assert bank.preload() == 0


def test_bank_is_silent_when_the_audio_device_cannot_open(closed_mixer, monkeypatch) -> None:
    def no_device(*_args: object, **_kwargs: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    assert SoundBank.init_mixer() is False
    assert SoundBank().play("canasta") is False


def test_bank_builds_sounds_on_the_dummy_driver(closed_mixer) -> None:
    assert SoundBank.init_mixer(frequency=44100, channels=2)
    rate, size, channels = pygame.mixer.get_init()
    bank = SoundBank(volume=0.5)
    assert bank.available
    assert bank.play("draw") is True
    snd = bank.sound("draw")
    assert isinstance(snd, pygame.mixer.Sound)
    assert bank.sound("draw") is snd  # built once, then reused
    assert snd.get_length() == pytest.approx(DURATIONS["draw"], abs=0.002)
    if size == -16:
        assert snd.get_raw() == synth("draw", rate, channels)
    assert bank.preload() == len(EFFECTS)


def test_bank_follows_a_mixer_reopened_in_another_format(closed_mixer) -> None:
    """Mono 8-bit at 22 kHz goes through the WAV path; lengths must still be right."""
    bank = SoundBank()
    pygame.mixer.init(frequency=22050, size=8, channels=1)
    snd = bank.sound("canasta")
    assert snd is not None
    assert snd.get_length() == pytest.approx(DURATIONS["canasta"], abs=0.002)
    pygame.mixer.quit()
    pygame.mixer.init(frequency=44100, size=-16, channels=2)
    again = bank.sound("canasta")
    assert again is not snd
    assert len(again.get_raw()) == frame_count("canasta", 44100) * 4


def test_volume_and_mute(closed_mixer) -> None:
    assert SoundBank.init_mixer()
    bank = SoundBank()
    bank.set_volume(1.7)
    assert bank.volume == 1.0
    bank.set_volume(-3)
    assert bank.volume == 0.0
    bank.set_volume(0.25)
    assert bank.play("meld") is True
    assert bank.sound("meld").get_volume() == pytest.approx(0.25, abs=0.01)
    bank.set_muted(True)
    assert bank.muted
    assert bank.play("meld") is False
    bank.set_muted(False)
    assert bank.play("meld") is True


def test_wav_bytes_is_a_playable_wav() -> None:
    with wave.open(io.BytesIO(sound_synth.wav_bytes("illegal", 22050, 1))) as wav:
        assert wav.getframerate() == 22050
        assert wav.getnchannels() == 1
        assert wav.getsampwidth() == 2
        assert wav.getnframes() == frame_count("illegal", 22050)
