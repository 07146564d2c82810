//! The game flow: the session being played, what a tap means (select, move, capture, or
//! why not), undo and redo, new games. Every rule comes from the engine.

use bevy::prelude::*;

use super::i18n::Word;
use super::pieces::{Piece, Shake, Spot};
use super::settings::{ColourChoice, Opponent, Settings};
use crate::ai::Level;
use crate::rules::game::{check_move, check_step};
use crate::rules::movegen;
use crate::rules::notation::MoveSyntax;
use crate::rules::{Colour, Game, Illegal, Move};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<BoardTap>()
        .add_message::<Command>()
        .add_message::<MoveApplied>()
        .add_message::<BoardReset>()
        .add_message::<ComputerMove>()
        .init_resource::<Selection>()
        .init_resource::<Notice>()
        .add_systems(Update, (handle_commands, handle_taps, apply_computer_moves, age_notice).chain().in_set(PlaySet));
}

#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct PlaySet;

/// A tap or click on the board (`None`: beside every point), from any input device.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardTap {
    pub point: Option<u8>,
    pub from_keyboard: bool,
}

impl BoardTap {
    pub fn pointer(point: Option<u8>) -> Self {
        BoardTap { point, from_keyboard: false }
    }
}

/// What the buttons and shortcut keys ask for.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// Esc: drop the selection (not a pending capture: a closed mill must take a piece).
    Clear,
    Undo,
    Redo,
    NewGame,
    /// A new game with the colours of the last one swapped.
    Rematch,
    Hint,
}

/// A move was played; the pieces animate it.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveApplied {
    pub m: Move,
    pub mover: Colour,
}

/// The rules state changed other than by a move (new game, undo, redo): the pieces are
/// laid out again.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct BoardReset;

/// The computer's answer for the session revision it was asked about.
#[derive(Message, Clone, Copy, Debug)]
pub struct ComputerMove {
    pub m: Move,
    pub revision: u64,
}

/// The game being played and who plays it.
#[derive(Resource, Clone, Debug)]
pub struct Session {
    pub game: Game,
    /// Counts games since the app started (the human's colour alternates with it).
    pub number: u32,
    /// Changes with every move, undo, redo and new game: a computer answer computed for
    /// another revision is stale and dropped.
    pub revision: u64,
    pub opponent: Opponent,
    /// The human's colour against the computer.
    pub human: Colour,
}

impl Session {
    /// A new game with the settings in force now (flying included).
    pub fn start(settings: &Settings, number: u32, revision: u64) -> Self {
        let human = match settings.colour {
            ColourChoice::Fixed(c) => c,
            ColourChoice::Alternate if number.is_multiple_of(2) => Colour::White,
            ColourChoice::Alternate => Colour::Black,
        };
        Session { game: Game::new(settings.rules()), number, revision, opponent: settings.opponent, human }
    }

    /// The computer's level if it is the computer's turn in a game still going on.
    pub fn computer_to_move(&self) -> Option<Level> {
        match self.opponent {
            Opponent::Computer(level) if self.game.position().side != self.human && !self.game.status().is_over() => {
                Some(level)
            }
            _ => None,
        }
    }

    pub fn human_to_move(&self) -> bool {
        !self.game.status().is_over() && self.computer_to_move().is_none()
    }
}

/// The human's half-made move.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Selection {
    pub selected: Option<u8>,
    /// A placement or slide that closed a mill, waiting for the piece to take.
    pub pending: Option<Move>,
    /// The keyboard focus: the point Enter taps. Pointer taps move it along.
    pub focus: Option<u8>,
    /// The focus ring shows once the keyboard is used, until the next pointer tap.
    pub focus_shown: bool,
    /// The hint move to show, for the revision it was computed for.
    pub hint: Option<(Move, u64)>,
}

/// A message to the player, e.g. why a tap was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoticeText {
    Refused(Illegal),
    Info(Word),
}

#[derive(Resource, Clone, Debug, Default)]
pub struct Notice {
    pub text: Option<NoticeText>,
    /// Seconds since it appeared (the UI shakes it at first and hides it after a while).
    pub age: f32,
}

impl Notice {
    pub fn show(&mut self, text: NoticeText) {
        self.text = Some(text);
        self.age = 0.0;
    }
}

/// What a tap on a point means in the current state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    Select(u8),
    Deselect,
    /// The step closes a mill; `double` when it closes two at once.
    AwaitCapture {
        step: Move,
        double: bool,
    },
    Play(Move),
    Refuse(Illegal),
    Info(Word),
}

/// Decides what a tap on `point` means. Pure: the rules answer, the selection is context.
pub fn decide(game: &Game, selection: &Selection, point: u8) -> Decision {
    let pos = game.position();
    let rules = game.rules();
    let us = pos.side;
    if game.status().is_over() {
        return Decision::Refuse(Illegal::GameOver);
    }
    if let Some(step) = selection.pending {
        let syntax = MoveSyntax { from: step.from_point(), to: step.to, capture: Some(point) };
        return match check_move(pos, rules, syntax) {
            Ok(m) => Decision::Play(m),
            Err(e) => Decision::Refuse(e),
        };
    }
    let step = if pos.in_hand[us.index()] > 0 {
        if let Err(e) = check_step(pos, rules, None, point) {
            return Decision::Refuse(if pos.colour_at(point) == Some(us) { Illegal::MustPlace } else { e });
        }
        Move::place(point)
    } else if pos.colour_at(point) == Some(us) {
        return if selection.selected == Some(point) { Decision::Deselect } else { Decision::Select(point) };
    } else if let Some(from) = selection.selected {
        if let Err(e) = check_step(pos, rules, Some(from), point) {
            return Decision::Refuse(e);
        }
        Move::slide(from, point)
    } else if pos.colour_at(point).is_some() {
        return Decision::Refuse(Illegal::NotYourPiece(point));
    } else {
        return Decision::Info(Word::SelectPieceFirst);
    };
    let variant = rules.board();
    let victims = pos.capturable(variant, us.opponent());
    let mills = movegen::mills_closed(pos, variant, step.from, step.to);
    if victims != 0 && mills > 0 { Decision::AwaitCapture { step, double: mills >= 2 } } else { Decision::Play(step) }
}

/// Plays a legal move: the one way moves reach the game, for taps and the computer alike.
pub fn apply(session: &mut Session, selection: &mut Selection, m: Move, applied: &mut MessageWriter<MoveApplied>) {
    let mover = session.game.position().side;
    session.game.push(m);
    session.revision += 1;
    selection.selected = None;
    selection.pending = None;
    selection.hint = None;
    applied.write(MoveApplied { m, mover });
}

fn handle_taps(
    mut commands: Commands,
    mut taps: MessageReader<BoardTap>,
    mut session: ResMut<Session>,
    mut selection: ResMut<Selection>,
    mut notice: ResMut<Notice>,
    mut applied: MessageWriter<MoveApplied>,
    pieces: Query<(Entity, &Piece)>,
) {
    for tap in taps.read() {
        let Some(point) = tap.point else {
            if selection.pending.is_none() {
                selection.selected = None;
            }
            continue;
        };
        selection.focus = Some(point);
        if !tap.from_keyboard {
            selection.focus_shown = false;
        }
        if session.computer_to_move().is_some() {
            notice.show(NoticeText::Info(Word::ComputersTurn));
            continue;
        }
        match decide(&session.game, &selection, point) {
            Decision::Select(p) => {
                selection.selected = Some(p);
                notice.text = None;
            }
            Decision::Deselect => selection.selected = None,
            Decision::AwaitCapture { step, double } => {
                selection.pending = Some(step);
                selection.selected = None;
                notice.show(NoticeText::Info(if double { Word::DoubleMill } else { Word::MillTakePiece }));
            }
            Decision::Play(m) => {
                notice.text = None;
                apply(&mut session, &mut selection, m, &mut applied);
            }
            Decision::Refuse(why) => {
                notice.show(NoticeText::Refused(why));
                if let Some((e, _)) = pieces.iter().find(|(_, p)| p.at == Spot::Board(point)) {
                    commands.entity(e).insert(Shake { t: 0.0 });
                }
            }
            Decision::Info(word) => notice.show(NoticeText::Info(word)),
        }
    }
}

fn handle_commands(
    mut commands: MessageReader<Command>,
    mut session: ResMut<Session>,
    mut selection: ResMut<Selection>,
    mut notice: ResMut<Notice>,
    settings: Res<Settings>,
    mut resets: MessageWriter<BoardReset>,
) {
    for command in commands.read() {
        let changed = match command {
            Command::Clear => {
                selection.selected = None;
                false
            }
            Command::Undo => undo(&mut session),
            Command::Redo => redo(&mut session),
            Command::NewGame | Command::Rematch => {
                let number = session.number + 1;
                let revision = session.revision + 1;
                let previous = session.human;
                *session = Session::start(&settings, number, revision);
                if *command == Command::Rematch {
                    session.human = previous.opponent();
                }
                true
            }
            // The computer task answers hints.
            Command::Hint => false,
        };
        if changed {
            session.revision += 1;
            *selection = Selection { focus: selection.focus, focus_shown: selection.focus_shown, ..default() };
            notice.text = None;
            resets.write(BoardReset);
        }
    }
}

/// Takes back the last move; against the computer, back to the human's previous turn
/// (the computer's reply and the human's move).
fn undo(session: &mut Session) -> bool {
    if session.game.undo().is_none() {
        return false;
    }
    if let Opponent::Computer(_) = session.opponent {
        while session.game.position().side != session.human && session.game.ply() > 0 {
            session.game.undo();
        }
    }
    true
}

fn redo(session: &mut Session) -> bool {
    if session.game.redo().is_none() {
        return false;
    }
    if let Opponent::Computer(_) = session.opponent {
        while session.game.position().side != session.human && session.game.can_redo() {
            session.game.redo();
        }
    }
    true
}

fn apply_computer_moves(
    mut answers: MessageReader<ComputerMove>,
    mut session: ResMut<Session>,
    mut selection: ResMut<Selection>,
    mut applied: MessageWriter<MoveApplied>,
) {
    for answer in answers.read() {
        let legal = session.game.legal_moves().contains(&answer.m);
        if answer.revision == session.revision && session.computer_to_move().is_some() && legal {
            apply(&mut session, &mut selection, answer.m, &mut applied);
        }
    }
}

fn age_notice(time: Res<Time>, mut notice: ResMut<Notice>) {
    if notice.text.is_some() {
        notice.age += time.delta_secs();
    }
}
