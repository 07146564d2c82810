//! The game flow: starting games, what a tap means (select, move, capture, or why not),
//! undo and redo, hints, resigning and the questions asked first, and the way between
//! the game and the menu. Every rule comes from the engine.

use bevy::app::AppExit;
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;

use super::learning::MoveCheck;
use super::model::{
    AppSet, Asking, BoardReset, BoardTap, CheckedMove, Command, ComputerMove, GameOver, Info, MenuView, MoveApplied,
    Notice, NoticeText, Opponent, Question, ReturnTo, Screen, Selection, Session, TapRefused, Viewing, in_game,
};
use super::settings::Settings;
use super::store::History;
use crate::rules::game::{GameRecord, check_move, check_step};
use crate::rules::movegen;
use crate::rules::notation::MoveSyntax;
use crate::rules::{Game, Illegal, Move};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<BoardTap>()
        .add_message::<Command>()
        .add_message::<MoveApplied>()
        .add_message::<BoardReset>()
        .add_message::<ComputerMove>()
        .add_message::<TapRefused>()
        .add_message::<GameOver>()
        .add_message::<CheckedMove>()
        .init_resource::<Selection>()
        .init_resource::<Notice>()
        .init_resource::<Asking>()
        .init_resource::<ReturnTo>()
        .init_resource::<MenuView>()
        .add_systems(OnEnter(Screen::Game), enter_game)
        .add_systems(
            Update,
            (back_button, handle_commands, (handle_taps, apply_answers, age_notice).chain().run_if(in_game))
                .chain()
                .in_set(AppSet::Flow),
        );
}

/// The phone's Back button (Android's, which winit reports as the logical key
/// `BrowserBack`): one screen back, and from the menu out of the app. A question on
/// screen is answered "no" first; a game of the history goes back where it was opened
/// from.
fn back_button(
    mut keys: MessageReader<KeyboardInput>,
    screen: Res<State<Screen>>,
    asking: Res<Asking>,
    return_to: Res<ReturnTo>,
    mut view: ResMut<MenuView>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: MessageWriter<Command>,
    mut exit: MessageWriter<AppExit>,
) {
    let back = keys.read().filter(|k| k.state == ButtonState::Pressed && k.logical_key == Key::BrowserBack).count();
    for _ in 0..back {
        if asking.0.is_some() {
            commands.write(Command::Answer(false));
            continue;
        }
        match screen.get() {
            Screen::Game => {
                commands.write(Command::Menu);
            }
            Screen::Settings | Screen::HowToPlay => NextState::set_if_neq(&mut next, return_to.0),
            Screen::Stats => NextState::set_if_neq(&mut next, Screen::Menu),
            Screen::Menu if *view == MenuView::NewGame => {
                view.set_if_neq(MenuView::Main);
            }
            Screen::Menu => {
                exit.write(AppExit::Success);
            }
        }
    }
}

/// Entering the game screen without a game (nothing to continue) goes back to the menu;
/// otherwise the pieces are laid out from the rules state.
fn enter_game(
    session: Option<Res<Session>>,
    mut next: ResMut<NextState<Screen>>,
    mut resets: MessageWriter<BoardReset>,
) {
    if session.is_none() {
        next.set(Screen::Menu);
    } else {
        resets.write(BoardReset);
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
    Info(Info),
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
        return Decision::Info(Info::SelectPieceFirst);
    };
    let variant = rules.board();
    let victims = pos.capturable(variant, us.opponent());
    let mills = movegen::mills_closed(pos, variant, step.from, step.to);
    if victims != 0 && mills > 0 { Decision::AwaitCapture { step, double: mills >= 2 } } else { Decision::Play(step) }
}

/// Where a game's end is announced: the pieces, the sound and the screens hear it.
fn announce_end(session: &Session, over: &mut MessageWriter<GameOver>) {
    if let Some(result) = session.result() {
        over.write(GameOver { result, human: session.human_colour() });
    }
}

/// Plays a legal move: the one way moves reach the game, for taps and the computer alike.
fn apply(
    session: &mut Session,
    selection: &mut Selection,
    m: Move,
    applied: &mut MessageWriter<MoveApplied>,
    over: &mut MessageWriter<GameOver>,
) {
    let mover = session.game.position().side;
    session.game.push(m);
    session.revision += 1;
    selection.selected = None;
    selection.pending = None;
    selection.hint = None;
    selection.hint_value = None;
    applied.write(MoveApplied { m, mover });
    announce_end(session, over);
}

fn handle_taps(
    mut taps: MessageReader<BoardTap>,
    mut session: ResMut<Session>,
    mut selection: ResMut<Selection>,
    mut notice: ResMut<Notice>,
    asking: Res<Asking>,
    mut applied: MessageWriter<MoveApplied>,
    mut refused: MessageWriter<TapRefused>,
    mut over: MessageWriter<GameOver>,
    settings: Res<Settings>,
    mut check: ResMut<MoveCheck>,
) {
    for tap in taps.read() {
        // While a question is on screen the board waits for the answer.
        if asking.0.is_some() {
            continue;
        }
        // and while learning mode checks the move just made
        if check.running() {
            notice.show(NoticeText::Info(Info::Checking));
            continue;
        }
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
        if session.viewing.is_some() {
            notice.show(NoticeText::Info(Info::Viewing));
            continue;
        }
        if session.is_over() {
            notice.show(NoticeText::Refused(Illegal::GameOver));
            continue;
        }
        if session.computer_to_move().is_some() {
            notice.show(NoticeText::Info(Info::ComputersTurn));
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
                // The status line asks for the piece to take; the message slot only
                // adds what the status cannot say.
                if double {
                    notice.show(NoticeText::Info(Info::DoubleMill));
                } else {
                    notice.text = None;
                }
            }
            Decision::Play(m) if settings.learning => {
                // learning mode: played once checked, or asked first if a blunder
                notice.show(NoticeText::Info(Info::Checking));
                check.start(&session.game, m, session.revision);
            }
            Decision::Play(m) => {
                notice.text = None;
                apply(&mut session, &mut selection, m, &mut applied, &mut over);
            }
            Decision::Refuse(why) => {
                notice.show(NoticeText::Refused(why));
                refused.write(TapRefused { point });
            }
            Decision::Info(info) => notice.show(NoticeText::Info(info)),
        }
    }
}

/// Starts a game with the setup in the settings, replacing the session; a rematch swaps
/// the colours of the last game.
fn start_game(commands: &mut Commands, session: Option<&Session>, settings: &Settings, rematch: bool) {
    let (number, revision) = session.map_or((0, 0), |s| (s.number + 1, s.revision + 1));
    let mut fresh = Session::start(&settings.setup, number, revision);
    if rematch
        && let Some(last) = session
        && fresh.opponent != Opponent::TwoPlayers
    {
        fresh.human = last.human.opponent();
    }
    commands.insert_resource(fresh);
}

fn handle_commands(
    mut commands: Commands,
    mut incoming: MessageReader<Command>,
    session: Option<ResMut<Session>>,
    mut selection: ResMut<Selection>,
    mut notice: ResMut<Notice>,
    mut asking: ResMut<Asking>,
    settings: Res<Settings>,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
    mut resets: MessageWriter<BoardReset>,
    mut over: MessageWriter<GameOver>,
    history: Option<Res<History>>,
    mut checked: MessageWriter<CheckedMove>,
) {
    let mut session = session;
    for command in incoming.read().copied() {
        let on_game = *screen.get() == Screen::Game;
        let in_progress = session.as_ref().is_some_and(|s| s.in_progress());
        // A question stays until it is answered; other commands wait.
        if asking.0.is_some() && !matches!(command, Command::Answer(_)) {
            continue;
        }
        let mut changed = false;
        match command {
            Command::Clear => selection.selected = None,
            Command::Undo | Command::Redo if on_game => {
                if let Some(s) = session.as_mut()
                    && s.resigned.is_none()
                {
                    changed = if command == Command::Undo { undo(s) } else { redo(s) };
                }
            }
            Command::Undo | Command::Redo => {}
            Command::NewGame if in_progress => asking.0 = Some(Question::NewGame),
            Command::NewGame | Command::Rematch => {
                // The new session replaces the old one when this system's commands apply;
                // the rest of this frame's commands no longer touch the old one.
                start_game(&mut commands, session.as_deref(), &settings, command == Command::Rematch);
                session = None;
                changed = true;
                NextState::set_if_neq(&mut next, Screen::Game);
            }
            Command::Resign if in_progress && on_game => asking.0 = Some(Question::Resign),
            Command::Resign => {}
            Command::Answer(yes) => {
                let question = asking.0.take();
                match question {
                    Some(Question::Resign) if yes => {
                        if let Some(s) = session.as_mut() {
                            s.resigned = Some(s.resigning_colour());
                            s.revision += 1;
                            announce_end(s, &mut over);
                            selection.selected = None;
                            selection.pending = None;
                        }
                    }
                    Some(Question::Blunder { played, revision, .. }) => {
                        if yes {
                            checked.write(CheckedMove { m: played, revision });
                        } else {
                            // the move is not played: the player chooses again
                            selection.selected = None;
                            selection.pending = None;
                        }
                    }
                    Some(Question::NewGame) if yes => {
                        start_game(&mut commands, session.as_deref(), &settings, false);
                        session = None;
                        changed = true;
                        NextState::set_if_neq(&mut next, Screen::Game);
                    }
                    _ => {}
                }
            }
            Command::Continue => {
                if session.is_some() {
                    NextState::set_if_neq(&mut next, Screen::Game);
                }
            }
            Command::Menu if session.as_ref().is_some_and(|s| s.viewing.is_some()) => {
                // leaving a game of the history: the game in progress comes back
                let back = session.as_ref().and_then(|s| s.viewing.as_ref()).map_or(Screen::Stats, |v| v.from);
                let kept = session.as_mut().and_then(|s| s.viewing.as_mut().and_then(|v| v.kept.take()));
                match kept {
                    Some(mut kept) => {
                        kept.revision = session.as_ref().map_or(0, |s| s.revision) + 1;
                        commands.insert_resource(kept);
                    }
                    None => commands.remove_resource::<Session>(),
                }
                session = None;
                NextState::set_if_neq(&mut next, back);
            }
            Command::Menu => NextState::set_if_neq(&mut next, Screen::Menu),
            Command::ViewGame(id) => {
                let Some(finished) = history.as_ref().and_then(|h| h.0.iter().find(|g| g.id == id)) else { continue };
                // The record is replayed through the rules; one that does not replay is not opened.
                let record = GameRecord { redo: Vec::new(), ..finished.game.clone() };
                let Ok(game) = Game::try_from(record) else { continue };
                // a game of the history opened from a game of the history keeps the first one's kept game
                let kept = session.as_deref().and_then(Session::in_play).cloned();
                let from = if on_game { Screen::Game } else { Screen::Stats };
                let viewing = Viewing { result: finished.result, ended: finished.ended, kept, from };
                let viewed = Session::viewing(game, finished.opponent, finished.human, finished.id, viewing);
                commands.insert_resource(viewed);
                session = None;
                changed = true;
                NextState::set_if_neq(&mut next, Screen::Game);
            }
            Command::GoTo(ply) => {
                if let Some(s) = session.as_mut().filter(|s| s.viewing.is_some()) {
                    while s.game.ply() > ply && s.game.undo().is_some() {
                        changed = true;
                    }
                    while s.game.ply() < ply && s.game.redo().is_some() {
                        changed = true;
                    }
                }
            }
            // the review's task answers these
            Command::Review | Command::CancelReview => {}
            // The computer's task answers hints.
            Command::Hint => {}
        }
        if changed {
            if let Some(s) = session.as_mut() {
                s.revision += 1;
            }
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
    // a game of the history steps one move at a time
    if let Opponent::Computer(_) = session.opponent
        && session.viewing.is_none()
    {
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
    if let Opponent::Computer(_) = session.opponent
        && session.viewing.is_none()
    {
        while session.game.position().side != session.human && session.game.can_redo() {
            session.game.redo();
        }
    }
    true
}

/// Moves that come back from a background task: the computer's, and a player's that
/// learning mode checked (or the player confirmed). Each is played only if the game is
/// still at the revision it was found for and it is that side's turn.
fn apply_answers(
    mut computer: MessageReader<ComputerMove>,
    mut checked: MessageReader<CheckedMove>,
    mut session: ResMut<Session>,
    mut selection: ResMut<Selection>,
    mut applied: MessageWriter<MoveApplied>,
    mut over: MessageWriter<GameOver>,
) {
    let answers: Vec<(Move, u64, bool)> = computer
        .read()
        .map(|a| (a.m, a.revision, true))
        .chain(checked.read().map(|c| (c.m, c.revision, false)))
        .collect();
    for (m, revision, by_computer) in answers {
        let turn = if by_computer { session.computer_to_move().is_some() } else { session.human_to_move() };
        let legal = session.game.legal_moves().contains(&m);
        if revision == session.revision && turn && legal {
            apply(&mut session, &mut selection, m, &mut applied, &mut over);
        }
    }
}

fn age_notice(time: Res<Time>, mut notice: ResMut<Notice>) {
    // Only while a message shows: an idle game marks nothing changed.
    if notice.text.is_some() && notice.age < Notice::SHOWN_SECS {
        notice.age += time.delta_secs();
    } else if notice.text.is_some() {
        notice.text = None;
    }
}
