//! Sound: short effects for placing, sliding, a mill, a capture, a refused tap, a win and
//! a loss. They are synthesized here at start-up (no sound files, no licence beyond the
//! project's own) as WAV bytes that Bevy's audio plays; the setting switches them off.
//! A machine without an audio device (CI) only gets Bevy's warning.

use std::f32::consts::TAU;
use std::sync::Arc;

use bevy::audio::{AudioPlayer, AudioSource, PlaybackSettings};
use bevy::prelude::*;

use super::model::{AppSet, GameOver, MoveApplied, TapRefused};
use super::settings::Settings;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, make_sounds).add_systems(
        Update,
        play_sounds.run_if(|s: Res<Settings>| s.sound).run_if(resource_exists::<Sounds>).in_set(AppSet::View),
    );
}

/// The effects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    Place,
    Slide,
    Mill,
    Capture,
    Refused,
    Win,
    Loss,
}

impl Effect {
    pub const ALL: [Effect; 7] =
        [Effect::Place, Effect::Slide, Effect::Mill, Effect::Capture, Effect::Refused, Effect::Win, Effect::Loss];
}

const RATE: u32 = 22_050;

/// A note: frequency in Hz (gliding to `to`), start and length in seconds, loudness.
struct Tone {
    freq: f32,
    to: f32,
    start: f32,
    secs: f32,
    gain: f32,
    /// Decay rate of the envelope (per second): a struck sound, not a beep.
    decay: f32,
}

fn tone(freq: f32, start: f32, secs: f32, gain: f32) -> Tone {
    Tone { freq, to: freq, start, secs, gain, decay: 6.0 }
}

/// The samples of an effect, in -1..1.
pub fn samples(effect: Effect) -> Vec<f32> {
    let tones: Vec<Tone> = match effect {
        // a wooden tock: a low and a high partial, dying fast
        Effect::Place => vec![
            Tone { decay: 40.0, ..tone(420.0, 0.0, 0.12, 0.7) },
            Tone { decay: 60.0, ..tone(1260.0, 0.0, 0.06, 0.25) },
        ],
        // a soft glide
        Effect::Slide => vec![Tone { to: 260.0, decay: 14.0, ..tone(360.0, 0.0, 0.18, 0.45) }],
        // three notes up: C E G
        Effect::Mill => vec![tone(523.3, 0.0, 0.22, 0.35), tone(659.3, 0.07, 0.22, 0.35), tone(784.0, 0.14, 0.3, 0.4)],
        // a falling pop
        Effect::Capture => vec![Tone { to: 180.0, decay: 12.0, ..tone(660.0, 0.05, 0.22, 0.5) }],
        // two low knocks: "no"
        Effect::Refused => vec![
            Tone { decay: 20.0, ..tone(196.0, 0.0, 0.1, 0.55) },
            Tone { decay: 20.0, ..tone(185.0, 0.13, 0.1, 0.55) },
        ],
        Effect::Win => vec![
            tone(523.3, 0.0, 0.25, 0.35),
            tone(659.3, 0.12, 0.25, 0.35),
            tone(784.0, 0.24, 0.25, 0.35),
            Tone { decay: 3.0, ..tone(1046.5, 0.36, 0.6, 0.4) },
        ],
        Effect::Loss => vec![
            tone(392.0, 0.0, 0.3, 0.35),
            tone(311.1, 0.18, 0.3, 0.35),
            Tone { decay: 3.0, ..tone(261.6, 0.36, 0.6, 0.35) },
        ],
    };
    let end = tones.iter().map(|t| t.start + t.secs).fold(0.0, f32::max);
    let n = (end * RATE as f32).ceil() as usize;
    let mut out = vec![0.0f32; n];
    for t in &tones {
        let first = (t.start * RATE as f32) as usize;
        let len = (t.secs * RATE as f32) as usize;
        let mut phase = 0.0f32;
        for i in 0..len.min(n.saturating_sub(first)) {
            let s = i as f32 / RATE as f32;
            let f = t.freq + (t.to - t.freq) * (s / t.secs);
            phase += TAU * f / RATE as f32;
            // a 3 ms attack avoids a click; the end fades to zero for the same reason
            let attack = (s / 0.003).min(1.0);
            let release = ((t.secs - s) / 0.01).clamp(0.0, 1.0);
            let env = attack * release * (-t.decay * s).exp();
            out[first + i] += t.gain * env * (phase.sin() + 0.2 * (2.0 * phase).sin());
        }
    }
    for v in &mut out {
        *v = v.clamp(-1.0, 1.0);
    }
    out
}

/// A mono 16-bit PCM WAV file of the samples.
pub fn wav(samples: &[f32]) -> Vec<u8> {
    let data_len = (samples.len() * 2) as u32;
    let mut b = Vec::with_capacity(44 + data_len as usize);
    b.extend_from_slice(b"RIFF");
    b.extend_from_slice(&(36 + data_len).to_le_bytes());
    b.extend_from_slice(b"WAVEfmt ");
    b.extend_from_slice(&16u32.to_le_bytes());
    b.extend_from_slice(&1u16.to_le_bytes()); // PCM
    b.extend_from_slice(&1u16.to_le_bytes()); // mono
    b.extend_from_slice(&RATE.to_le_bytes());
    b.extend_from_slice(&(RATE * 2).to_le_bytes());
    b.extend_from_slice(&2u16.to_le_bytes());
    b.extend_from_slice(&16u16.to_le_bytes());
    b.extend_from_slice(b"data");
    b.extend_from_slice(&data_len.to_le_bytes());
    for &s in samples {
        b.extend_from_slice(&((s * i16::MAX as f32) as i16).to_le_bytes());
    }
    b
}

/// The effects, ready to play.
#[derive(Resource)]
pub struct Sounds(Vec<(Effect, Handle<AudioSource>)>);

impl Sounds {
    fn get(&self, e: Effect) -> Option<Handle<AudioSource>> {
        self.0.iter().find(|(k, _)| *k == e).map(|(_, h)| h.clone())
    }
}

fn make_sounds(mut commands: Commands, mut sources: ResMut<Assets<AudioSource>>) {
    let handles = Effect::ALL
        .iter()
        .map(|&e| (e, sources.add(AudioSource { bytes: Arc::from(wav(&samples(e)).into_boxed_slice()) })))
        .collect();
    commands.insert_resource(Sounds(handles));
}

fn play_sounds(
    mut commands: Commands,
    sounds: Res<Sounds>,
    mut moves: MessageReader<MoveApplied>,
    mut refused: MessageReader<TapRefused>,
    mut over: MessageReader<GameOver>,
) {
    let mut effects = Vec::new();
    for applied in moves.read() {
        effects.push(if applied.m.from_point().is_none() { Effect::Place } else { Effect::Slide });
        if applied.m.captures() {
            effects.extend([Effect::Mill, Effect::Capture]);
        }
    }
    if refused.read().count() > 0 {
        effects.push(Effect::Refused);
    }
    for o in over.read() {
        // A loss sounds only for the human's loss against the computer.
        let lost = matches!((o.result.winner, o.human), (Some(w), Some(h)) if w != h);
        effects.push(if lost { Effect::Loss } else { Effect::Win });
    }
    for e in effects {
        if let Some(handle) = sounds.get(e) {
            commands.spawn((AudioPlayer::new(handle), PlaybackSettings::DESPAWN));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_effect_is_short_audible_and_a_valid_wav() {
        for e in Effect::ALL {
            let s = samples(e);
            let secs = s.len() as f32 / RATE as f32;
            assert!((0.05..=1.2).contains(&secs), "{e:?}: {secs} s");
            let peak = s.iter().fold(0.0f32, |m, v| m.max(v.abs()));
            assert!(peak > 0.1 && peak <= 1.0, "{e:?}: peak {peak}");
            // it starts and ends quietly (no click)
            assert!(s[0].abs() < 0.05 && s[s.len() - 1].abs() < 0.05, "{e:?}");
            let w = wav(&s);
            assert_eq!(&w[0..4], b"RIFF");
            assert_eq!(&w[8..16], b"WAVEfmt ");
            assert_eq!(u32::from_le_bytes([w[40], w[41], w[42], w[43]]) as usize, s.len() * 2);
            assert_eq!(w.len(), 44 + s.len() * 2);
        }
    }
}
