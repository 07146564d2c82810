//! Move text (`d6`, `a1-a4`, `d6xd7`, `a1-a4xd7`) and position text
//! (`W:a7,d7,f2 B:a1,d1,e4 w 0 0 0`), parsed and printed as rules.md defines them.

use std::fmt;

use super::position::{Colour, Move, Position};
use super::variant::{Bits, Variant};

/// Move text as written, before any rule is consulted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveSyntax {
    pub from: Option<u8>,
    pub to: u8,
    pub capture: Option<u8>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    Empty,
    UnknownPoint(String),
    Malformed(String),
    /// `d6xd7xa1`: one move captures one piece, even when it closes two mills.
    TwoCaptures(String),
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Empty => write!(f, "empty move text"),
            Self::UnknownPoint(p) => write!(f, "unknown point '{p}' on this board"),
            Self::Malformed(t) => write!(f, "malformed move '{t}': expected 'd6', 'a1-a4', 'd6xd7' or 'a1-a4xd7'"),
            Self::TwoCaptures(t) => {
                write!(f, "'{t}' takes two pieces: a move takes one piece, even when it closes two mills")
            }
        }
    }
}

impl std::error::Error for NotationError {}

fn point(variant: &Variant, text: &str, whole: &str) -> Result<u8, NotationError> {
    // A stray '-' (`a1-a4-a7`, `a1--a4`, `d6xd7-d5`) is a malformed move, not a point name.
    if text.is_empty() || text.contains('-') {
        return Err(NotationError::Malformed(whole.to_string()));
    }
    variant.parse_point(text).ok_or_else(|| NotationError::UnknownPoint(text.to_string()))
}

pub fn parse_move(variant: &Variant, text: &str) -> Result<MoveSyntax, NotationError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(NotationError::Empty);
    }
    let mut parts = text.split('x');
    let step = parts.next().unwrap_or_default();
    let capture = parts.next();
    if parts.next().is_some() {
        return Err(NotationError::TwoCaptures(text.to_string()));
    }
    let capture = capture.map(|c| point(variant, c, text)).transpose()?;
    let (from, to) = match step.split_once('-') {
        Some((from, to)) => (Some(point(variant, from, text)?), point(variant, to, text)?),
        None => (None, point(variant, step, text)?),
    };
    Ok(MoveSyntax { from, to, capture })
}

pub fn move_text(variant: &Variant, m: Move) -> String {
    let mut s = String::new();
    if let Some(from) = m.from_point() {
        s.push_str(variant.point_name(from));
        s.push('-');
    }
    s.push_str(variant.point_name(m.to));
    if let Some(c) = m.captured_point() {
        s.push('x');
        s.push_str(variant.point_name(c));
    }
    s
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    Malformed(String),
    UnknownPoint(String),
    Duplicate(String),
    TooManyPieces { colour: Colour, count: u32, max: u8 },
    HandsOutOfTurn { white: u8, black: u8, side: Colour },
    CountWhilePlacing(u16),
    CountTooHigh(u16),
    FullBoardAfter { side: Colour, quiet: u16 },
    AlreadyLost(Colour),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Malformed(why) => {
                write!(f, "malformed position: {why} (expected e.g. 'W:a7,d7,f2 B:a1,d1,e4 w 0 0 0')")
            }
            Self::UnknownPoint(p) => write!(f, "unknown point '{p}' on this board"),
            Self::Duplicate(p) => write!(f, "point {p} is listed more than once"),
            Self::TooManyPieces { colour, count, max } => {
                write!(f, "{} has {count} pieces on the board and in hand; this variant has {max}", colour.name())
            }
            Self::HandsOutOfTurn { white, black, side } => write!(
                f,
                "White has {white} and Black {black} pieces in hand with {} to move: White places first, so White's hand must equal Black's when White is to move and be one less when Black is",
                side.name()
            ),
            Self::CountTooHigh(n) => {
                write!(f, "{n} moves since the last capture: the game is drawn at 50, so the count never passes it")
            }
            Self::FullBoardAfter { side, quiet } => write!(
                f,
                "a full board with {} to move and a count of {quiet}: the board fills with Black's last placement, so White is to move, the count is 0, and the game is drawn at once",
                side.name()
            ),
            Self::CountWhilePlacing(n) => write!(
                f,
                "{n} moves since a capture while pieces are still in hand: the count starts when placing ends"
            ),
            Self::AlreadyLost(c) => {
                write!(f, "{} has fewer than three pieces but is not to move: the game would already be over", c.name())
            }
        }
    }
}

impl std::error::Error for PositionError {}

fn parse_points(variant: &Variant, list: &str, seen: &mut Bits) -> Result<Bits, PositionError> {
    let mut bits = 0;
    if list.is_empty() {
        return Ok(0);
    }
    for name in list.split(',').map(str::trim) {
        if name.is_empty() {
            return Err(PositionError::Malformed(format!("an empty entry in the list of points '{list}'")));
        }
        let p = variant.parse_point(name).ok_or_else(|| PositionError::UnknownPoint(name.to_string()))?;
        if *seen & (1 << p) != 0 {
            return Err(PositionError::Duplicate(name.to_string()));
        }
        *seen |= 1 << p;
        bits |= 1 << p;
    }
    Ok(bits)
}

fn parse_number<T: std::str::FromStr + Default>(text: Option<&str>, what: &str) -> Result<T, PositionError> {
    match text {
        None => Ok(T::default()),
        // digits only: Rust's parsers would also take a sign ('+5')
        Some(t) if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) => {
            Err(PositionError::Malformed(format!("{what} '{t}' is not a number")))
        }
        Some(t) => t.parse().map_err(|_| PositionError::Malformed(format!("{what} '{t}' is not a number"))),
    }
}

/// Parses position text and checks that the position can occur in a game of `variant`.
pub fn parse_position(variant: &Variant, text: &str) -> Result<Position, PositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() < 3 || fields.len() > 6 {
        return Err(PositionError::Malformed(format!("{} fields, expected 3 to 6", fields.len())));
    }
    let white = fields[0]
        .strip_prefix("W:")
        .ok_or_else(|| PositionError::Malformed("the first field must start with 'W:'".into()))?;
    let black = fields[1]
        .strip_prefix("B:")
        .ok_or_else(|| PositionError::Malformed("the second field must start with 'B:'".into()))?;
    let mut seen = 0;
    let board = [parse_points(variant, white, &mut seen)?, parse_points(variant, black, &mut seen)?];
    let side = match fields[2] {
        "w" => Colour::White,
        "b" => Colour::Black,
        other => {
            return Err(PositionError::Malformed(format!("side to move '{other}' must be 'w' or 'b'")));
        }
    };
    let hands: [u8; 2] = [
        parse_number(fields.get(3).copied(), "White's pieces in hand")?,
        parse_number(fields.get(4).copied(), "Black's pieces in hand")?,
    ];
    let quiet: u16 = parse_number(fields.get(5).copied(), "moves since the last capture")?;
    // Counts are checked before the position is built: its hash has keys for at most 12
    // pieces in hand.
    for c in [Colour::White, Colour::Black] {
        let count = board[c.index()].count_ones() + hands[c.index()] as u32;
        if count > variant.pieces as u32 || hands[c.index()] > variant.pieces {
            return Err(PositionError::TooManyPieces { colour: c, count, max: variant.pieces });
        }
    }
    let in_turn = match side {
        Colour::White => hands[0] == hands[1],
        Colour::Black => hands[0] + 1 == hands[1],
    };
    if !in_turn && hands != [0, 0] {
        return Err(PositionError::HandsOutOfTurn { white: hands[0], black: hands[1], side });
    }
    if quiet > 0 && hands != [0, 0] {
        return Err(PositionError::CountWhilePlacing(quiet));
    }
    // the game is drawn when the count reaches 50: it never goes beyond
    if quiet > 50 {
        return Err(PositionError::CountTooHigh(quiet));
    }
    // a full board (twelve men's) ends placing with White to move, and ends the game at once
    let full = (board[0] | board[1]).count_ones() as usize == variant.len();
    if full && hands == [0, 0] && (side == Colour::Black || quiet != 0) {
        return Err(PositionError::FullBoardAfter { side, quiet });
    }
    let pos = Position::new(board, side, hands, 0);
    if pos.pieces(side.opponent()) < 3 {
        return Err(PositionError::AlreadyLost(side.opponent()));
    }
    Ok(Position::new(board, side, hands, quiet))
}

fn points_text(variant: &Variant, bits: Bits) -> String {
    let mut names: Vec<&str> =
        (0..variant.len() as u8).filter(|p| bits & (1 << p) != 0).map(|p| variant.point_name(p)).collect();
    names.sort();
    names.join(",")
}

pub fn position_text(variant: &Variant, pos: &Position) -> String {
    format!(
        "W:{} B:{} {} {} {} {}",
        points_text(variant, pos.board[0]),
        points_text(variant, pos.board[1]),
        if pos.side == Colour::White { "w" } else { "b" },
        pos.in_hand[0],
        pos.in_hand[1],
        pos.quiet_plies
    )
}
