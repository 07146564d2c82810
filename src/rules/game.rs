//! A game: the rules in force, the positions so far (for undo and the draw rules), the
//! moves that led to them, the moves that were undone (for redo), and the status.

use std::fmt;

use super::movegen::{self, MoveList};
use super::notation::{self, MoveSyntax, NotationError, PositionError};
use super::position::{Colour, Move, Position};
use super::variant::{Variant, VariantKind};

/// The rules a game is played by; flying is fixed when the game starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Rules {
    pub variant: VariantKind,
    pub flying: bool,
}

impl Rules {
    /// The variant with its default flying rule (on where the variant allows it).
    pub fn new(variant: VariantKind) -> Self {
        Rules { variant, flying: variant.variant().can_fly }
    }

    /// `flying` is ignored where the variant never flies.
    pub fn with_flying(variant: VariantKind, flying: bool) -> Self {
        Rules { variant, flying: flying && variant.variant().can_fly }
    }

    pub fn board(&self) -> &'static Variant {
        self.variant.variant()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum WinReason {
    /// The loser is down to two pieces.
    TwoPieces,
    /// The loser has no legal move.
    Blocked,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum DrawReason {
    Repetition,
    FiftyMoves,
    FullBoard,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Status {
    Ongoing,
    Win { winner: Colour, reason: WinReason },
    Draw(DrawReason),
}

impl Status {
    pub fn is_over(self) -> bool {
        self != Status::Ongoing
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Status::Ongoing => write!(f, "ongoing"),
            Status::Win { winner, reason } => {
                let loser = winner.opponent().name();
                let why = match reason {
                    WinReason::TwoPieces => format!("{loser} has only two pieces left"),
                    WinReason::Blocked => format!("{loser} has no legal move"),
                };
                write!(f, "{} wins: {why}", winner.name().to_lowercase())
            }
            Status::Draw(reason) => {
                let why = match reason {
                    DrawReason::Repetition => "the same position occurred three times",
                    DrawReason::FiftyMoves => "50 moves without a capture",
                    DrawReason::FullBoard => "the board is full when placing ends",
                };
                write!(f, "draw: {why}")
            }
        }
    }
}

/// Why a move is refused. The game shows these to the player in their language, so they
/// name the common mistakes of the source texts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    GameOver,
    /// A slide while the player still has pieces to place.
    MustPlace,
    /// A placement with no pieces left in hand.
    NothingToPlace,
    Occupied(u8),
    NoPieceAt(u8),
    NotYourPiece(u8),
    /// Not a neighbour along a line: no jumping and no diagonals.
    NotNeighbour {
        from: u8,
        to: u8,
    },
    /// A flight by a player with three pieces when flying is switched off or not part of
    /// the variant.
    FlyingOff,
    /// The move closes a mill and must say which piece it takes.
    CaptureRequired,
    /// A capture named on a move that closes no mill.
    NoMill,
    CaptureNotOpponent(u8),
    /// The piece stands in a mill while the opponent has pieces outside mills.
    CaptureProtected(u8),
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::GameOver => write!(f, "the game is over"),
            Self::MustPlace => write!(f, "pieces are still in hand: place one on an empty point"),
            Self::NothingToPlace => write!(f, "no pieces left in hand: move a piece instead"),
            Self::Occupied(_) => write!(f, "that point is occupied"),
            Self::NoPieceAt(_) => write!(f, "there is no piece there"),
            Self::NotYourPiece(_) => write!(f, "that piece belongs to the opponent"),
            Self::NotNeighbour { .. } => {
                write!(f, "a piece slides along a line to a neighbouring point: no jumping, no diagonals")
            }
            Self::FlyingOff => {
                write!(f, "flying is not allowed in this game (switched off, or a variant that never flies)")
            }
            Self::CaptureRequired => write!(f, "the move closes a mill: name the piece to take"),
            Self::NoMill => write!(f, "only a move that closes a mill takes a piece"),
            Self::CaptureNotOpponent(_) => write!(f, "only an opponent's piece can be taken"),
            Self::CaptureProtected(_) => {
                write!(f, "that piece stands in a mill and the opponent has pieces outside mills: take one of those")
            }
        }
    }
}

impl std::error::Error for Illegal {}

/// Move text that could not be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    Notation(NotationError),
    Illegal { text: String, why: Illegal },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Notation(e) => e.fmt(f),
            Self::Illegal { text, why } => write!(f, "illegal move '{text}': {why}"),
        }
    }
}

impl std::error::Error for MoveError {}

/// Checks one step of a move (without its capture): placement or slide or flight.
pub fn check_step(pos: &Position, rules: Rules, from: Option<u8>, to: u8) -> Result<(), Illegal> {
    let variant = rules.board();
    let us = pos.side;
    match from {
        None if pos.in_hand[us.index()] == 0 => return Err(Illegal::NothingToPlace),
        Some(_) if pos.in_hand[us.index()] > 0 => return Err(Illegal::MustPlace),
        Some(from) => match pos.colour_at(from) {
            None => return Err(Illegal::NoPieceAt(from)),
            Some(c) if c != us => return Err(Illegal::NotYourPiece(from)),
            _ => {}
        },
        None => {}
    }
    if pos.colour_at(to).is_some() {
        return Err(Illegal::Occupied(to));
    }
    if let Some(from) = from
        && variant.neighbours[from as usize] & (1 << to) == 0
        && !pos.can_fly(us, rules.flying)
    {
        return Err(if pos.own().count_ones() == 3 { Illegal::FlyingOff } else { Illegal::NotNeighbour { from, to } });
    }
    Ok(())
}

/// Checks a whole move and returns it as the engine's `Move`, or the first reason it is
/// illegal. Agrees with `movegen::generate` (a test holds them to it).
pub fn check_move(pos: &Position, rules: Rules, syntax: MoveSyntax) -> Result<Move, Illegal> {
    if movegen::too_few_pieces(pos) {
        return Err(Illegal::GameOver);
    }
    check_step(pos, rules, syntax.from, syntax.to)?;
    let from = syntax.from.unwrap_or(super::position::NO_POINT);
    let m = Move { from, to: syntax.to, capture: super::position::NO_POINT };
    let victims = pos.capturable(rules.board(), pos.side.opponent());
    let mill = movegen::closes_mill(pos, rules.board(), from, syntax.to);
    match syntax.capture {
        None if mill && victims != 0 => Err(Illegal::CaptureRequired),
        None => Ok(m),
        Some(_) if !mill => Err(Illegal::NoMill),
        Some(c) if pos.colour_at(c) != Some(pos.side.opponent()) => Err(Illegal::CaptureNotOpponent(c)),
        Some(c) if victims & (1 << c) == 0 => Err(Illegal::CaptureProtected(c)),
        Some(c) => Ok(m.with_capture(c)),
    }
}

/// A game is stored as its record (rules, start position text, moves in move text) and
/// replayed when read back, so stored data that is damaged or foreign becomes an error,
/// never an impossible game.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "GameRecord", into = "GameRecord")]
pub struct Game {
    rules: Rules,
    /// Every position of the game, the start first; `history.len() == moves.len() + 1`.
    history: Vec<Position>,
    moves: Vec<Move>,
    /// Undone moves, the next one to redo last.
    redo: Vec<Move>,
}

impl Game {
    pub fn new(rules: Rules) -> Self {
        Self::from_position(rules, Position::start(rules.board()))
    }

    pub fn from_position(rules: Rules, start: Position) -> Self {
        Game { rules, history: vec![start], moves: Vec::new(), redo: Vec::new() }
    }

    /// A game from optional position text, validated.
    pub fn from_text(rules: Rules, position: Option<&str>) -> Result<Self, PositionError> {
        match position {
            None => Ok(Self::new(rules)),
            Some(text) => Ok(Self::from_position(rules, notation::parse_position(rules.board(), text)?)),
        }
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    pub fn board(&self) -> &'static Variant {
        self.rules.board()
    }

    pub fn position(&self) -> &Position {
        // `history` is never empty: it starts with the start position and `undo` never
        // removes that one.
        &self.history[self.history.len() - 1]
    }

    pub fn start_position(&self) -> &Position {
        &self.history[0]
    }

    pub fn history(&self) -> &[Position] {
        &self.history
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    pub fn ply(&self) -> usize {
        self.moves.len()
    }

    pub fn last_move(&self) -> Option<Move> {
        self.moves.last().copied()
    }

    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        if !self.status().is_over() {
            movegen::generate(self.position(), self.board(), self.rules.flying, &mut list);
        }
        list
    }

    /// Plays a move after checking it; the game is unchanged on error.
    pub fn play(&mut self, m: Move) -> Result<(), Illegal> {
        if self.status().is_over() {
            return Err(Illegal::GameOver);
        }
        let syntax = MoveSyntax { from: m.from_point(), to: m.to, capture: m.captured_point() };
        let m = check_move(self.position(), self.rules, syntax)?;
        self.push(m);
        Ok(())
    }

    /// Plays move text; the game is unchanged on error.
    pub fn play_text(&mut self, text: &str) -> Result<Move, MoveError> {
        let syntax = notation::parse_move(self.board(), text).map_err(MoveError::Notation)?;
        let illegal = |why| MoveError::Illegal { text: text.trim().to_string(), why };
        if self.status().is_over() {
            return Err(illegal(Illegal::GameOver));
        }
        let m = check_move(self.position(), self.rules, syntax).map_err(illegal)?;
        self.push(m);
        Ok(m)
    }

    /// Plays a move known to be legal (from `legal_moves` or the computer opponent).
    pub fn push(&mut self, m: Move) {
        let next = self.position().play(m);
        self.history.push(next);
        self.moves.push(m);
        if self.redo.last() == Some(&m) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
    }

    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.history.pop();
        self.redo.push(m);
        Some(m)
    }

    pub fn redo(&mut self) -> Option<Move> {
        let m = *self.redo.last()?;
        self.push(m);
        Some(m)
    }

    /// How many undone moves can be redone.
    pub fn moves_ahead(&self) -> usize {
        self.redo.len()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// How often the current position has occurred (same pieces, hands and side to move)
    /// since placing ended and since the last capture.
    pub fn repetitions(&self) -> usize {
        let pos = self.position();
        if !pos.placing_done() {
            return 0;
        }
        let window = (pos.quiet_plies as usize + 1).min(self.history.len());
        self.history[self.history.len() - window..].iter().filter(|p| same_position(p, pos)).count()
    }

    pub fn status(&self) -> Status {
        status_of(self.position(), self.rules, || self.repetitions())
    }

    pub fn move_text(&self, m: Move) -> String {
        notation::move_text(self.board(), m)
    }

    pub fn position_text(&self) -> String {
        notation::position_text(self.board(), self.position())
    }
}

/// The stored form of a `Game`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct GameRecord {
    pub variant: VariantKind,
    pub flying: bool,
    pub start: String,
    pub moves: Vec<String>,
    /// Undone moves that can be redone, the next one first.
    #[serde(default)]
    pub redo: Vec<String>,
}

impl From<Game> for GameRecord {
    fn from(game: Game) -> Self {
        let board = game.board();
        GameRecord {
            variant: game.rules.variant,
            flying: game.rules.flying,
            start: notation::position_text(board, game.start_position()),
            moves: game.moves.iter().map(|&m| notation::move_text(board, m)).collect(),
            redo: game.redo.iter().rev().map(|&m| notation::move_text(board, m)).collect(),
        }
    }
}

impl TryFrom<GameRecord> for Game {
    type Error = String;

    fn try_from(record: GameRecord) -> Result<Self, Self::Error> {
        let rules = Rules::with_flying(record.variant, record.flying);
        let mut game = Game::from_text(rules, Some(&record.start)).map_err(|e| format!("start position: {e}"))?;
        for (n, text) in record.moves.iter().enumerate() {
            game.play_text(text).map_err(|e| format!("move {}: {e}", n + 1))?;
        }
        // The redo list must replay from here: check it on a copy, keep it only if it does.
        let mut ahead = game.clone();
        let mut redo = Vec::new();
        for text in &record.redo {
            match ahead.play_text(text) {
                Ok(m) => redo.push(m),
                Err(_) => break,
            }
        }
        redo.reverse();
        game.redo = redo;
        Ok(game)
    }
}

/// Equal for the draw rules: the same pieces, hands and side (the 50-move count aside).
pub fn same_position(a: &Position, b: &Position) -> bool {
    a.hash == b.hash && a.board == b.board && a.side == b.side && a.in_hand == b.in_hand
}

/// The status of `pos`, asking `repetitions` only when needed. Wins come before draws.
pub fn status_of(pos: &Position, rules: Rules, repetitions: impl FnOnce() -> usize) -> Status {
    let variant = rules.board();
    let loser = pos.side;
    if movegen::too_few_pieces(pos) {
        return Status::Win { winner: loser.opponent(), reason: WinReason::TwoPieces };
    }
    if pos.board_full(variant) {
        return Status::Draw(DrawReason::FullBoard);
    }
    if !movegen::has_move(pos, variant, rules.flying) {
        return Status::Win { winner: loser.opponent(), reason: WinReason::Blocked };
    }
    if pos.placing_done() && pos.quiet_plies >= 50 {
        return Status::Draw(DrawReason::FiftyMoves);
    }
    if repetitions() >= 3 {
        return Status::Draw(DrawReason::Repetition);
    }
    Status::Ongoing
}
