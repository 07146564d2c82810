//! The game's data and the messages between the plugins. This module imports nothing
//! else of the app: input, play, pieces, the computer's task, the screens and the sound
//! all talk through what is declared here, so no two of them import each other.

use bevy::prelude::*;

use crate::ai::Level;
use crate::ai::endgame::Value;
use crate::rules::{Colour, DrawReason, Game, Illegal, Move, Rules, Status, VariantKind, WinReason};

/// The screens of the app. What a screen spawns carries `DespawnOnExit` of it; its
/// systems run `in_state` of it.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    #[default]
    Menu,
    Game,
    Settings,
    HowToPlay,
    Stats,
}

/// The run condition of everything that works on the game screen: the screen is shown
/// and a game exists.
pub fn in_game(screen: Option<Res<State<Screen>>>, session: Option<Res<Session>>) -> bool {
    playing(screen.as_deref(), session.as_deref()).is_some()
}

/// The game being played on the game screen, if that screen is shown: `in_game` for a
/// system that runs on every screen.
pub fn playing<'a>(screen: Option<&State<Screen>>, session: Option<&'a Session>) -> Option<&'a Session> {
    session.filter(|_| screen.is_some_and(|s| *s.get() == Screen::Game))
}

/// One ordered chain for the whole app, declared once in `CorePlugin`:
/// input -> game flow -> the computer's task -> pieces -> view.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AppSet {
    Input,
    Flow,
    Computer,
    Pieces,
    View,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Opponent {
    Computer(Level),
    TwoPlayers,
}

/// Which colour the human plays against the computer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ColourChoice {
    /// White in the first game, then the other colour each new game.
    Alternate,
    Fixed(Colour),
}

/// What a new game is played with: chosen on the menu, kept with the settings.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct GameSetup {
    pub opponent: Opponent,
    pub colour: ColourChoice,
    pub variant: VariantKind,
    /// Fixed when a game starts.
    pub flying: bool,
}

impl Default for GameSetup {
    fn default() -> Self {
        GameSetup {
            opponent: Opponent::Computer(Level::Medium),
            colour: ColourChoice::Alternate,
            variant: VariantKind::Nine,
            flying: true,
        }
    }
}

impl GameSetup {
    pub fn rules(&self) -> Rules {
        Rules::with_flying(self.variant, self.flying)
    }
}

/// Why a game ended, the rules' reasons and resignation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum EndReason {
    TwoPieces,
    Blocked,
    Resigned,
    Repetition,
    FiftyMoves,
    FullBoard,
}

/// How a game ended: the winner (none for a draw) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct GameResult {
    pub winner: Option<Colour>,
    pub reason: EndReason,
}

/// The game being played and who plays it. Created when a game starts.
#[derive(Resource, Clone, Debug)]
pub struct Session {
    pub game: Game,
    /// Counts games since the app started (the human's colour alternates with it).
    pub number: u32,
    /// Changes with every move, undo, redo, resignation and new game: a computer answer
    /// computed for another revision is stale and dropped.
    pub revision: u64,
    pub opponent: Opponent,
    /// The human's colour against the computer (White in a two-player game).
    pub human: Colour,
    /// The colour that resigned, if one did.
    pub resigned: Option<Colour>,
    /// Names this game in the history of finished games, so that it is recorded once.
    pub id: u64,
    /// Set when this is a finished game of the history, opened to step through (and to
    /// review): it is not played, saved or recorded, and the game in progress waits in it.
    pub viewing: Option<Box<Viewing>>,
}

/// A finished game opened from the history.
#[derive(Clone, Debug)]
pub struct Viewing {
    /// How it ended (a resignation is not in the moves).
    pub result: GameResult,
    /// When it ended, in seconds since 1970.
    pub ended: u64,
    /// The game in progress when this one was opened: it comes back when the player leaves.
    pub kept: Option<Session>,
    /// The screen it was opened from (the statistics, or the game-over card), where Back goes.
    pub from: Screen,
}

/// A name for a new game: the time in nanoseconds, made unique within the process.
pub fn new_game_id() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static LAST: AtomicU64 = AtomicU64::new(0);
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64);
    let mut last = LAST.load(Ordering::Relaxed);
    loop {
        let next = now.max(last + 1);
        match LAST.compare_exchange(last, next, Ordering::Relaxed, Ordering::Relaxed) {
            Ok(_) => return next,
            Err(seen) => last = seen,
        }
    }
}

impl Session {
    /// A new game with `setup` (flying included).
    pub fn start(setup: &GameSetup, number: u32, revision: u64) -> Self {
        let human = match setup.colour {
            _ if setup.opponent == Opponent::TwoPlayers => Colour::White,
            ColourChoice::Fixed(c) => c,
            ColourChoice::Alternate if number.is_multiple_of(2) => Colour::White,
            ColourChoice::Alternate => Colour::Black,
        };
        Session {
            game: Game::new(setup.rules()),
            number,
            revision,
            opponent: setup.opponent,
            human,
            resigned: None,
            id: new_game_id(),
            viewing: None,
        }
    }

    /// A finished game of the history, opened at its end to step through. `kept` is the
    /// game in progress, which comes back when the player leaves.
    pub fn viewing(game: Game, opponent: Opponent, human: Option<Colour>, id: u64, viewing: Viewing) -> Self {
        let kept = viewing.kept.as_ref();
        Session {
            game,
            number: kept.map_or(0, |k| k.number),
            revision: kept.map_or(0, |k| k.revision + 1),
            opponent,
            human: human.unwrap_or(Colour::White),
            resigned: None,
            id,
            viewing: Some(Box::new(viewing)),
        }
    }

    /// The game in progress: this one, or while a game of the history is open, the one
    /// kept aside (if any).
    pub fn in_play(&self) -> Option<&Session> {
        match &self.viewing {
            Some(v) => v.kept.as_ref(),
            None => Some(self),
        }
    }

    /// The result once the game is over: by the rules or by resignation.
    pub fn result(&self) -> Option<GameResult> {
        // a game of the history shows its result at its last move
        if let Some(v) = &self.viewing {
            return (!self.game.can_redo()).then_some(v.result);
        }
        if let Some(c) = self.resigned {
            return Some(GameResult { winner: Some(c.opponent()), reason: EndReason::Resigned });
        }
        match self.game.status() {
            Status::Ongoing => None,
            Status::Win { winner, reason } => Some(GameResult {
                winner: Some(winner),
                reason: match reason {
                    WinReason::TwoPieces => EndReason::TwoPieces,
                    WinReason::Blocked => EndReason::Blocked,
                },
            }),
            Status::Draw(reason) => Some(GameResult {
                winner: None,
                reason: match reason {
                    DrawReason::Repetition => EndReason::Repetition,
                    DrawReason::FiftyMoves => EndReason::FiftyMoves,
                    DrawReason::FullBoard => EndReason::FullBoard,
                },
            }),
        }
    }

    pub fn is_over(&self) -> bool {
        self.result().is_some()
    }

    /// A game that starting over would throw away: moves made and not finished.
    pub fn in_progress(&self) -> bool {
        self.viewing.is_none() && self.game.ply() > 0 && !self.is_over()
    }

    /// The computer's level if it is the computer's turn in a game still going on.
    pub fn computer_to_move(&self) -> Option<Level> {
        match self.opponent {
            Opponent::Computer(level)
                if self.viewing.is_none() && self.game.position().side != self.human && !self.is_over() =>
            {
                Some(level)
            }
            _ => None,
        }
    }

    pub fn human_to_move(&self) -> bool {
        self.viewing.is_none() && !self.is_over() && self.computer_to_move().is_none()
    }

    /// The human's colour against the computer; none in a two-player game.
    pub fn human_colour(&self) -> Option<Colour> {
        match self.opponent {
            Opponent::Computer(_) => Some(self.human),
            Opponent::TwoPlayers => None,
        }
    }

    /// The colour of the player who resigns from this device: the human against the
    /// computer, the side to move in a two-player game.
    pub fn resigning_colour(&self) -> Colour {
        match self.opponent {
            Opponent::Computer(_) => self.human,
            Opponent::TwoPlayers => self.game.position().side,
        }
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
    /// What the endgame tables know of the hinted position, for the side to move.
    pub hint_value: Option<Value>,
}

/// A short message that is not a refusal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Info {
    DoubleMill,
    ComputersTurn,
    SelectPieceFirst,
    /// A tap on a game of the history: it is stepped through, not played.
    Viewing,
    /// Learning mode is checking the move just made.
    Checking,
}

/// A message to the player, e.g. why a tap was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoticeText {
    Refused(Illegal),
    Info(Info),
}

/// The message in the game screen's message slot (a fixed slot: showing or hiding it
/// never moves anything).
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Notice {
    pub text: Option<NoticeText>,
    /// Seconds since it appeared (the UI shakes it at first and hides it after a while).
    pub age: f32,
}

impl Notice {
    pub const SHOWN_SECS: f32 = 6.0;

    pub fn show(&mut self, text: NoticeText) {
        self.text = Some(text);
        self.age = 0.0;
    }

    pub fn visible(&self) -> Option<NoticeText> {
        self.text.filter(|_| self.age < Self::SHOWN_SECS)
    }
}

/// The screen that Settings and How to play go back to.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReturnTo(pub Screen);

impl Default for ReturnTo {
    fn default() -> Self {
        ReturnTo(Screen::Menu)
    }
}

/// The menu's main list, or the New game card.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MenuView {
    #[default]
    Main,
    NewGame,
}

/// A question the game asks before doing something that cannot be taken back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    Resign,
    /// Start a new game (with the setup in the settings) over the one in progress.
    NewGame,
    /// Learning mode: play a move that is a blunder? (`better` is the move to play instead.)
    Blunder {
        played: Move,
        better: Option<Move>,
        revision: u64,
    },
}

/// The question on screen, if any; answered with `Command::Answer`.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Asking(pub Option<Question>);

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
    /// A new game with the setup in the settings; asks first over a game in progress.
    NewGame,
    /// A new game with the colours of the last one swapped.
    Rematch,
    Hint,
    /// Asks first, then the player gives the game up.
    Resign,
    /// The answer to the question on screen.
    Answer(bool),
    /// Back to the game in progress.
    Continue,
    /// To the menu; the game stays and "Continue" brings it back. From a game of the
    /// history: back to the statistics, and the game in progress comes back.
    Menu,
    /// Opens the finished game with this id from the history, at its end.
    ViewGame(u64),
    /// In a game of the history: to the position after this many moves (at most the last).
    GoTo(usize),
    /// Reviews the game of the history on screen (in the background), or stops that.
    Review,
    CancelReview,
}

/// A player's move that learning mode has checked (or the player confirmed), to be
/// played if the game is still at `revision`.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckedMove {
    pub m: Move,
    pub revision: u64,
}

/// A move was played; the pieces animate it and the sound plays it.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveApplied {
    pub m: Move,
    pub mover: Colour,
}

/// The rules state changed other than by a move (new game, undo, redo): the pieces are
/// laid out again.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct BoardReset;

/// A tap the rules refused, on this point: the piece there shakes, the sound says no.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct TapRefused {
    pub point: u8,
}

/// The game has just ended (by a move or a resignation).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameOver {
    pub result: GameResult,
    /// The human's colour against the computer; `None` in a two-player game.
    pub human: Option<Colour>,
}

/// The computer's answer for the session revision it was asked about.
#[derive(Message, Clone, Copy, Debug)]
pub struct ComputerMove {
    pub m: Move,
    pub revision: u64,
}

/// The edges of the window the system covers (a notch, a camera cut-out, the home
/// indicator, system bars), in logical pixels: nothing the player must see or touch is
/// laid out there. Zero on the desktop (or `--safe-area` to try a phone's).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct SafeArea {
    pub top: f32,
    pub right: f32,
    pub bottom: f32,
    pub left: f32,
}

impl SafeArea {
    /// The part of a window of `size` that is safe to use.
    pub fn rect(&self, size: Vec2) -> Rect {
        let min = Vec2::new(self.left, self.top);
        let max = (size - Vec2::new(self.right, self.bottom)).max(min + Vec2::ONE);
        Rect::from_corners(min, max)
    }
}

/// The window and the part of it left for the board, in logical pixels. The game screen
/// keeps it current; tests set it.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct Viewport {
    pub window: Vec2,
    pub board_area: Rect,
}

impl Default for Viewport {
    fn default() -> Self {
        let window = Vec2::new(1280.0, 800.0);
        Viewport { window, board_area: Rect::from_corners(Vec2::ZERO, window) }
    }
}
