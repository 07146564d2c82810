//! Exact tables of the moving phase with few pieces: every position with three or four
//! pieces a side and none in hand, with its value and its distance in plies to the end of
//! the game, solved backwards from the ends (retrograde analysis).
//!
//! The tables are solved in layers of equal material, smallest first: 3v3, then 4v3 with
//! 3v4, then 4v4. A capture leaves a layer for one already solved (or ends the game when
//! it leaves two pieces), so a layer is a closed world whose exits are known values.
//! Inside a layer the values spread backwards one distance at a time:
//! - a position with no move is lost now (distance 0): the mover is blocked;
//! - a position with a move into a loss (for the side that then moves) is a win, one ply
//!   longer than the shortest such loss;
//! - a position all of whose moves lead to wins for the other side is a loss, one ply
//!   longer than the longest of those wins (the defender holds out as long as it can).
//!
//! Positions never reached this way are draws: neither side can force the end. The
//! 50-move rule is not in the tables (a capture resets it, so a distance to the end is not
//! a distance to the next reset); `Tables::value_in` applies it where it can be exact.
//!
//! A position is stored for the side to move, whichever colour it is: (the mover's
//! points, the other side's points). Both sets are ranked as combinations (colex order),
//! the other side's among the points the mover leaves free, so no slot is wasted on two
//! pieces on one point. A layer is solved in that full order and then folded by the
//! board's sixteen symmetries (`Indexer`): only the rows of one mover's set of each
//! symmetry class are kept, about a sixteenth of the positions.

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use super::endgame::Value;
use crate::rules::movegen::{MoveList, generate};
use crate::rules::position::{Colour, Position};
use crate::rules::variant::{Bits, Variant};
use crate::rules::{Game, Rules, VariantKind};

/// The fewest pieces a side has in a table: with two the game is over.
pub const MIN_PIECES: u8 = 3;
/// The most pieces a side has in a table of a 24-point board (nine, twelve): 4v4 holds
/// 51.5 million positions, 5v5 would hold 2.1 billion.
pub const MAX_PIECES: u8 = 4;
/// The most pieces any table holds: six men's morris, solved whole on its 16 points.
const LIMIT: u8 = 6;

/// The most pieces a side has in the tables of `rules`: four on the 24-point boards, every
/// piece on the 16-point boards, whose tables also hold the placing phase (the whole game
/// is solved).
pub fn most_pieces(rules: Rules) -> u8 {
    let variant = rules.board();
    if variant.len() <= 16 { variant.pieces.min(LIMIT) } else { MAX_PIECES }
}

/// Stored distance code: 0 for a draw (or not yet known while solving), otherwise the
/// distance in plies plus one: odd distances are wins for the mover, even ones losses.
type Code = u8;

/// The largest distance a code can hold.
const LONGEST: u32 = Code::MAX as u32 - 1;

/// The counter of a position that can never be a loss (it has a move that wins or draws
/// through a capture), so it is never counted down.
const NEVER: u8 = u8::MAX;

/// Ranks and unranks sets of up to `LIMIT` points on a board of `n` points, and folds the
/// board's symmetries out of the stored tables.
///
/// A table is stored in rows, one per set of the mover's points, each row holding every
/// set of the other side's points. Of the mover's sets that a symmetry maps onto each
/// other only the least (in colex order, which is the order of the sets as numbers) keeps
/// a row: a position is looked up through the symmetry that takes its mover's set to
/// that representative. The sixteen symmetries make the tables about sixteen times
/// smaller; a lookup costs a table read and two set images more.
struct Indexer {
    n: usize,
    all: Bits,
    /// `choose[m][k]` = m choose k.
    choose: [[u32; LIMIT as usize + 1]; 33],
    /// Every `k`-point set in colex order, for k up to `LIMIT`; the sets of the first
    /// C(u, k) ranks are those within the first u points, whatever n is.
    by_rank: Vec<Vec<Bits>>,
    /// The board's symmetries (the identity first).
    images: Vec<ImageTable>,
    /// By set size and colex rank: the row of the set's class and the symmetry (an index
    /// into `images`) that maps the set onto the class's representative.
    class: Vec<Vec<(u32, u8)>>,
    /// By set size and row: the colex rank of the row's representative.
    reps: Vec<Vec<u32>>,
}

impl Indexer {
    fn new(variant: &Variant) -> Indexer {
        let n = variant.len();
        let mut choose = [[0u32; LIMIT as usize + 1]; 33];
        for (m, row) in choose.iter_mut().enumerate() {
            for (k, c) in row.iter_mut().enumerate() {
                *c = binomial(m as u32, k as u32);
            }
        }
        let images = variant.symmetries().iter().map(|s| ImageTable::new(s)).collect();
        let mut indexer =
            Indexer { n, all: variant.all, choose, by_rank: Vec::new(), images, class: Vec::new(), reps: Vec::new() };
        let mut by_rank = vec![Vec::new(); LIMIT as usize + 1];
        for (k, sets) in by_rank.iter_mut().enumerate() {
            *sets = vec![0; binomial(n as u32, k as u32) as usize];
            for_each_subset(n, k, &mut |set| {
                let r = indexer.rank(set);
                sets[r] = set;
            });
        }
        for sets in &by_rank {
            // Ranks ascend with the sets' values, so a representative (the least of its
            // class) comes before the rest of its class and gets its row first.
            let mut class = vec![(0, 0); sets.len()];
            let mut reps = Vec::new();
            let mut row_of_rank = vec![u32::MAX; sets.len()];
            for (r, &set) in sets.iter().enumerate() {
                let (g, least) = indexer
                    .images
                    .iter()
                    .enumerate()
                    .map(|(g, t)| (g, t.apply(set)))
                    .min_by_key(|&(_, image)| image)
                    .unwrap_or((0, set));
                let rep = indexer.rank(least);
                if row_of_rank[rep] == u32::MAX {
                    row_of_rank[rep] = reps.len() as u32;
                    reps.push(rep as u32);
                }
                class[r] = (row_of_rank[rep], g as u8);
            }
            indexer.class.push(class);
            indexer.reps.push(reps);
        }
        indexer.by_rank = by_rank;
        indexer
    }

    /// Colex rank of a set among the sets of its size.
    #[inline]
    fn rank(&self, set: Bits) -> usize {
        let mut r = 0;
        let mut k = 1;
        let mut rest = set;
        while rest != 0 {
            r += self.choose[rest.trailing_zeros() as usize][k];
            k += 1;
            rest &= rest - 1;
        }
        r as usize
    }

    /// The number of positions with `a` pieces for the mover and `b` for the other side.
    fn size(&self, a: u8, b: u8) -> usize {
        self.choose[self.n][a as usize] as usize * self.others(a, b)
    }

    #[inline]
    fn others(&self, a: u8, b: u8) -> usize {
        self.choose[self.n - a as usize][b as usize] as usize
    }

    /// A position's place in the unfolded order (the solver's working arrays).
    #[inline]
    fn index(&self, a: u8, b: u8, mover: Bits, other: Bits) -> usize {
        self.rank(mover) * self.others(a, b) + self.rank(squeeze(other, mover))
    }

    #[inline]
    fn unrank(&self, a: u8, b: u8, index: usize) -> (Bits, Bits) {
        let others = self.others(a, b);
        let mover = self.by_rank[a as usize][index / others];
        let other = unsqueeze(self.by_rank[b as usize][index % others], self.all & !mover);
        (mover, other)
    }

    /// The number of positions a folded table stores.
    fn folded_size(&self, a: u8, b: u8) -> usize {
        self.reps[a as usize].len() * self.others(a, b)
    }

    /// A position's place in a folded table: its image under the symmetry that takes the
    /// mover's set to its class's representative.
    #[inline]
    fn folded_index(&self, a: u8, b: u8, mover: Bits, other: Bits) -> usize {
        let (row, g) = self.class[a as usize][self.rank(mover)];
        let image = &self.images[g as usize];
        let (mover, other) = (image.apply(mover), image.apply(other));
        row as usize * self.others(a, b) + self.rank(squeeze(other, mover))
    }

    /// The position stored at `index` of a folded table.
    #[inline]
    fn folded_unrank(&self, a: u8, b: u8, index: usize) -> (Bits, Bits) {
        let others = self.others(a, b);
        let mover = self.by_rank[a as usize][self.reps[a as usize][index / others] as usize];
        let other = unsqueeze(self.by_rank[b as usize][index % others], self.all & !mover);
        (mover, other)
    }

    /// How many of the mover's sets share each row (the size of each class).
    fn class_sizes(&self, a: u8) -> Vec<u64> {
        let mut sizes = vec![0; self.reps[a as usize].len()];
        for &(row, _) in &self.class[a as usize] {
            sizes[row as usize] += 1;
        }
        sizes
    }

    /// The rows of the representatives out of an unfolded table: what is stored.
    fn fold(&self, a: u8, b: u8, unfolded: &[Code]) -> Vec<Code> {
        let others = self.others(a, b);
        let mut folded = Vec::with_capacity(self.folded_size(a, b));
        for &rep in &self.reps[a as usize] {
            let start = rep as usize * others;
            folded.extend_from_slice(&unfolded[start..start + others]);
        }
        folded
    }
}

/// The points of `set` renumbered among the points not in `taken`.
#[inline]
fn squeeze(set: Bits, taken: Bits) -> Bits {
    let mut out = 0;
    let mut rest = set;
    while rest != 0 {
        let p = rest.trailing_zeros();
        out |= 1 << (p - (taken & ((1 << p) - 1)).count_ones());
        rest &= rest - 1;
    }
    out
}

/// The inverse of `squeeze`: bit i of `set` goes to the i-th point of `free`.
#[inline]
fn unsqueeze(set: Bits, free: Bits) -> Bits {
    let mut out = 0;
    let mut rest = free;
    let mut i = 0;
    while rest != 0 && set >> i != 0 {
        let low = rest & rest.wrapping_neg();
        if set & (1 << i) != 0 {
            out |= low;
        }
        rest ^= low;
        i += 1;
    }
    out
}

fn for_each_subset(n: usize, k: usize, visit: &mut impl FnMut(Bits)) {
    fn go(start: usize, n: usize, k: usize, set: Bits, visit: &mut impl FnMut(Bits)) {
        if k == 0 {
            visit(set);
            return;
        }
        for p in start..n {
            go(p + 1, n, k - 1, set | (1 << p), visit);
        }
    }
    go(0, n, k, 0, visit);
}

pub(crate) fn binomial(n: u32, k: u32) -> u32 {
    if k > n {
        return 0;
    }
    (0..k).fold(1u64, |acc, i| acc * (n - i) as u64 / (i + 1) as u64) as u32
}

/// The value of a move for the side that made it, from the value it leaves the other side.
pub fn after(child: Value) -> Value {
    match child {
        Value::Win { plies } => Value::Loss { plies: plies + 1 },
        Value::Loss { plies } => Value::Win { plies: plies + 1 },
        Value::Draw => Value::Draw,
    }
}

/// Orders values for the side to move, best first: the quickest win, then a draw, then
/// the longest loss.
pub fn preference(v: Value) -> (u8, i32) {
    match v {
        Value::Win { plies } => (0, plies as i32),
        Value::Draw => (1, 0),
        Value::Loss { plies } => (2, -(plies as i32)),
    }
}

fn better(a: Value, b: Value) -> Value {
    if preference(b) < preference(a) { b } else { a }
}

fn code_value(code: Code) -> Value {
    match code {
        0 => Value::Draw,
        c if c % 2 == 0 => Value::Win { plies: c as u16 - 1 },
        c => Value::Loss { plies: c as u16 - 1 },
    }
}

/// The solved tables of one rule set, for every material from 3v3 up to `max` pieces a side.
pub struct Tables {
    rules: Rules,
    max: u8,
    indexer: Indexer,
    /// By `slot(mover pieces, other pieces)`.
    codes: Vec<Vec<Code>>,
    /// The placing phase of a 16-point board, solved once its moving phase is: the codes
    /// of every (White's points, Black's points) for each hand and piece count, from the
    /// mover's side like the rest; empty until then.
    placing: Vec<Code>,
    /// Where each block of `placing` starts, by `block(white in hand, black in hand,
    /// white on the board, black on the board)`; `usize::MAX` for none.
    blocks: Vec<usize>,
}

const HANDS: usize = LIMIT as usize + 1;

fn block(hands: [u8; 2], white: u8, black: u8) -> usize {
    ((hands[0] as usize * HANDS + hands[1] as usize) * HANDS + white as usize) * HANDS + black as usize
}

/// A solved table before it is folded: (mover's pieces, other side's pieces) and the
/// codes in the order of `Indexer::index`.
type Layer = ((u8, u8), Vec<Code>);

/// Why a table could not be solved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableError {
    /// Tables hold three to `most` pieces a side.
    Pieces { asked: u8, most: u8 },
    /// A distance past what a code holds (never seen on these boards; kept as an error
    /// rather than a wrong value).
    TooLong { mover: u8, other: u8 },
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::Pieces { asked, most } => {
                write!(f, "tables of this board hold {MIN_PIECES} to {most} pieces a side, not {asked}")
            }
            TableError::TooLong { mover, other } => {
                write!(f, "a distance in the {mover} against {other} table is longer than {LONGEST} plies")
            }
        }
    }
}

/// What a table holds for one material, with White to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Census {
    pub wins: u64,
    pub losses: u64,
    pub draws: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stats {
    /// Every position.
    pub all: Census,
    /// One position of each class of positions that the board's symmetries map onto
    /// each other.
    pub folded: Census,
    pub longest_win: u16,
}

const SLOTS: usize = (LIMIT - MIN_PIECES + 1) as usize;

fn slot(mover: u8, other: u8) -> usize {
    (mover - MIN_PIECES) as usize * SLOTS + (other - MIN_PIECES) as usize
}

fn check_pieces(rules: Rules, asked: u8) -> Result<(), TableError> {
    let most = most_pieces(rules);
    if (MIN_PIECES..=most).contains(&asked) { Ok(()) } else { Err(TableError::Pieces { asked, most }) }
}

/// A position with the mover as White, to generate its moves.
fn as_position(mover: Bits, other: Bits) -> Position {
    Position { board: [mover, other], side: Colour::White, in_hand: [0, 0], quiet_plies: 0, hash: 0 }
}

/// What the moves of one position show before the layer is solved: its number of moves
/// that stay in the layer, and what its captures lead to (known from smaller tables).
struct FirstLook {
    moves: usize,
    quiet: usize,
    /// The shortest loss a capture leaves the other side in.
    best_exit: Option<u16>,
    /// A capture leads to a draw.
    drawn_exit: bool,
    /// The longest win a capture gives the other side.
    worst_exit: Option<u16>,
}

impl Tables {
    /// Solves every table with `MIN_PIECES` to `max` pieces a side under `rules`, and the
    /// placing phase too when `max` is every piece of a 16-point board.
    pub fn solve(rules: Rules, max: u8) -> Result<Tables, TableError> {
        check_pieces(rules, max)?;
        let mut tables = Tables::empty(rules);
        for top in MIN_PIECES..=max {
            for low in MIN_PIECES..=top {
                tables.solve_layer(top, low)?;
            }
            tables.max = top;
        }
        if max == rules.board().pieces {
            tables.solve_placing()?;
        }
        Ok(tables)
    }

    /// Solves the tables of three against three and of every count up to `top` against
    /// three (both sides to move): the endgames where one side is down to the three
    /// pieces that fly, beyond the 4v4 the device solves. Each layer only needs the one
    /// below it (the three's capture leaves one piece fewer, the other side's ends the
    /// game), so 6v3 takes 5v3 and 4v3 but none of 4v4 to 6v6. For measuring how the
    /// search plays those endgames (tools/against-three); 6v3 holds 220 million
    /// positions, so the app does not solve them. `max_pieces` stays 3: no other
    /// material is complete.
    pub fn solve_against_three(rules: Rules, top: u8) -> Result<Tables, TableError> {
        if !(MIN_PIECES..=LIMIT).contains(&top) || top > rules.board().pieces {
            return Err(TableError::Pieces { asked: top, most: LIMIT.min(rules.board().pieces) });
        }
        let mut tables = Tables::empty(rules);
        for count in MIN_PIECES..=top {
            tables.solve_layer(count, MIN_PIECES)?;
        }
        tables.max = MIN_PIECES;
        Ok(tables)
    }

    /// No tables at all: every lookup answers `None`.
    fn empty(rules: Rules) -> Tables {
        Tables {
            rules,
            max: MIN_PIECES - 1,
            indexer: Indexer::new(rules.board()),
            codes: vec![Vec::new(); SLOTS * SLOTS],
            placing: Vec::new(),
            blocks: Vec::new(),
        }
    }

    /// The bytes the solved values take, every table and the placing phase together (one
    /// byte a position of the folded tables).
    pub fn stored_bytes(&self) -> usize {
        self.codes.iter().map(Vec::len).sum::<usize>() + self.placing.len()
    }

    /// Whether the whole game is solved, placing included (six and five men's).
    pub fn whole_game(&self) -> bool {
        !self.placing.is_empty()
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The largest number of pieces a side has in these tables.
    pub fn max_pieces(&self) -> u8 {
        self.max
    }

    fn covers(&self, a: u8, b: u8) -> bool {
        // A table is there once its layer is solved (smaller layers are used while the
        // larger ones are solved).
        (MIN_PIECES..=LIMIT).contains(&a) && (MIN_PIECES..=LIMIT).contains(&b) && !self.codes[slot(a, b)].is_empty()
    }

    /// The value for the side to move of (its points, the other side's points), moving
    /// phase, or `None` when no table holds that material.
    pub fn value(&self, mover: Bits, other: Bits) -> Option<Value> {
        let (a, b) = (mover.count_ones() as u8, other.count_ones() as u8);
        if !self.covers(a, b) || mover & other != 0 {
            return None;
        }
        Some(code_value(self.codes[slot(a, b)][self.indexer.folded_index(a, b, mover, other)]))
    }

    /// The value of `pos` under the rules, with the 50-move count: `None` when no table
    /// holds it or when the count makes the table's answer uncertain. A result no further
    /// away than the plies the count leaves stands. Past them, three against three is a
    /// draw (its only capture ends the game, so nothing resets the count), while with a
    /// capture on the way the count may be reset in time: that is left to the search.
    pub fn value_in(&self, pos: &Position) -> Option<Value> {
        if !pos.placing_done() {
            // The 50-move count starts when placing ends.
            let value = self.placing_value(pos)?;
            let left = 50 + (pos.in_hand[0] + pos.in_hand[1]) as u16;
            return match value {
                Value::Win { plies } | Value::Loss { plies } if plies > left => None,
                v => Some(v),
            };
        }
        let value = self.value(pos.own(), pos.theirs())?;
        let left = 50u16.saturating_sub(pos.quiet_plies);
        match value {
            Value::Win { plies } | Value::Loss { plies } if plies > left => {
                let three = pos.own().count_ones() == 3 && pos.theirs().count_ones() == 3;
                three.then_some(Value::Draw)
            }
            v => Some(v),
        }
    }

    /// The value of any position the tables hold, placing or moving (the 50-move count
    /// aside), for the side to move.
    pub fn any_value(&self, pos: &Position) -> Option<Value> {
        if pos.pieces(pos.side) < MIN_PIECES as u32 {
            return Some(Value::Loss { plies: 0 });
        }
        if pos.placing_done() { self.value(pos.own(), pos.theirs()) } else { self.placing_value(pos) }
    }

    /// Every legal move of `game`'s position with the value it leaves for the side that
    /// moved (so the best move has the best value), or `None` outside the tables.
    pub fn moves(&self, game: &Game) -> Option<Vec<(crate::rules::Move, Value)>> {
        let pos = game.position();
        self.any_value(pos)?;
        let variant = self.rules.board();
        let mut list = MoveList::new();
        generate(pos, variant, self.rules.flying, &mut list);
        let mut out = Vec::new();
        for &m in list.iter() {
            out.push((m, after(self.any_value(&pos.play(m))?)));
        }
        Some(out)
    }

    /// The value of a placing-phase position, when the whole game is solved.
    fn placing_value(&self, pos: &Position) -> Option<Value> {
        if self.placing.is_empty() {
            return None;
        }
        let [white, black] = pos.board;
        let (w, b) = (white.count_ones() as u8, black.count_ones() as u8);
        if pos.in_hand.iter().chain([&w, &b]).any(|&n| n > LIMIT) {
            return None;
        }
        let start = *self.blocks.get(block(pos.in_hand, w, b))?;
        if start == usize::MAX || white & black != 0 {
            return None;
        }
        Some(code_value(self.placing[start + self.indexer.folded_index(w, b, white, black)]))
    }

    /// Solves the placing phase of a 16-point board backwards from its last placement:
    /// each placement leads one ply on, into this table or, after the last one, into the
    /// moving phase, so one sweep from the last ply to the first gives every value.
    fn solve_placing(&mut self) -> Result<(), TableError> {
        let variant = self.rules.board();
        let pieces = variant.pieces;
        // Lay out the blocks: with t plies placed, White has placed (t + 1) / 2 and Black
        // t / 2, each with at most that many on the board.
        let mut blocks = vec![usize::MAX; HANDS * HANDS * HANDS * HANDS];
        let mut total = 0;
        let mut order = Vec::new();
        for t in 0..2 * pieces {
            let hands = [pieces - t.div_ceil(2), pieces - t / 2];
            for w in 0..=pieces - hands[0] {
                for b in 0..=pieces - hands[1] {
                    blocks[block(hands, w, b)] = total;
                    order.push((t, hands, w, b, total));
                    total += self.indexer.folded_size(w, b);
                }
            }
        }
        self.blocks = blocks;
        self.placing = vec![0; total];
        let mut list = MoveList::new();
        for &(t, hands, w, b, start) in order.iter().rev() {
            let side = if t % 2 == 0 { Colour::White } else { Colour::Black };
            // Only the representatives of each symmetry class: the table is folded.
            for index in 0..self.indexer.folded_size(w, b) {
                let (white, black) = self.indexer.folded_unrank(w, b, index);
                let pos = Position { board: [white, black], side, in_hand: hands, quiet_plies: 0, hash: 0 };
                let value = if pos.pieces(side) < MIN_PIECES as u32 {
                    Value::Loss { plies: 0 }
                } else {
                    generate(&pos, variant, false, &mut list);
                    let mut best = Value::Loss { plies: 0 };
                    for &m in list.iter() {
                        // Every child is in a later block or in the moving phase: solved.
                        let child = after(self.any_value(&pos.play(m)).unwrap_or(Value::Draw));
                        best = better(best, child);
                    }
                    best
                };
                let code = match value {
                    Value::Draw => 0,
                    Value::Win { plies } | Value::Loss { plies } => {
                        if plies as u32 > LONGEST {
                            return Err(TableError::TooLong { mover: pieces, other: pieces });
                        }
                        plies as Code + 1
                    }
                };
                self.placing[start + index] = code;
            }
        }
        Ok(())
    }

    /// Wins, losses and draws for White to move with `white` against `black` pieces, over
    /// every position and over one position of each symmetry class, and the longest win.
    pub fn stats(&self, white: u8, black: u8) -> Option<Stats> {
        if !self.covers(white, black) {
            return None;
        }
        let codes = &self.codes[slot(white, black)];
        let others = self.indexer.others(white, black);
        // Every mover's set of a row's class has the row's values, over other sets
        // renamed by the symmetry: a row counts as often as its class has sets.
        let class_sizes = self.indexer.class_sizes(white);
        let images = &self.indexer.images;
        let mut all = Census::default();
        let mut folded = Census::default();
        let mut longest_win = 0;
        for (index, &code) in codes.iter().enumerate() {
            let value = code_value(code);
            let count = |c: &mut Census, n: u64| match value {
                Value::Win { .. } => c.wins += n,
                Value::Loss { .. } => c.losses += n,
                Value::Draw => c.draws += n,
            };
            count(&mut all, class_sizes[index / others]);
            if let Value::Win { plies } = value {
                longest_win = longest_win.max(plies);
            }
            // One position of each class: the least image of (mover, other). Its mover's
            // set is a representative, so it is in a stored row.
            let (mover, other) = self.indexer.folded_unrank(white, black, index);
            let key = (mover as u64) << 32 | other as u64;
            if images.iter().all(|t| (t.apply(mover) as u64) << 32 | t.apply(other) as u64 >= key) {
                count(&mut folded, 1);
            }
        }
        Some(Stats { all, folded, longest_win })
    }

    /// Solves the tables of `top` against `low` pieces and `low` against `top` together:
    /// a move in one leads into the other.
    fn solve_layer(&mut self, top: u8, low: u8) -> Result<(), TableError> {
        for ((a, b), codes) in self.solve_layer_unfolded(top, low)? {
            self.codes[slot(a, b)] = self.indexer.fold(a, b, &codes);
        }
        Ok(())
    }

    /// The codes of `top` against `low` and `low` against `top`, in the unfolded order of
    /// `Indexer::index`: the smaller layers are looked up (folded) in `self`.
    fn solve_layer_unfolded(&self, top: u8, low: u8) -> Result<Vec<Layer>, TableError> {
        let variant = self.rules.board();
        let flying = self.rules.flying;
        let kinds: Vec<(u8, u8)> = if top == low { vec![(top, low)] } else { vec![(top, low), (low, top)] };
        let sizes: Vec<usize> = kinds.iter().map(|&(a, b)| self.indexer.size(a, b)).collect();
        let base = [0, sizes[0]];
        let total: usize = sizes.iter().sum();
        let mut codes: Vec<Code> = vec![0; total];
        let mut open: Vec<u8> = vec![0; total];
        // Positions by distance, to spread from; wins through a capture wait in
        // `exits` until their distance comes, in case a shorter win turns up first.
        let mut buckets: Vec<Vec<u32>> = Vec::new();
        let mut exits: Vec<Vec<u32>> = Vec::new();
        let push = |lists: &mut Vec<Vec<u32>>, d: u32, g: usize| {
            if lists.len() <= d as usize {
                lists.resize_with(d as usize + 1, Vec::new);
            }
            lists[d as usize].push(g as u32);
        };
        let too_long = |a: u8, b: u8| TableError::TooLong { mover: a, other: b };
        for (t, &(a, b)) in kinds.iter().enumerate() {
            for local in 0..sizes[t] {
                let g = base[t] + local;
                let (mover, other) = self.indexer.unrank(a, b, local);
                let look = self.first_look(variant, flying, mover, other);
                if look.moves == 0 {
                    codes[g] = 1;
                    push(&mut buckets, 0, g);
                } else if let Some(e) = look.best_exit {
                    open[g] = NEVER;
                    push(&mut exits, e as u32 + 1, g);
                } else if look.drawn_exit {
                    open[g] = NEVER;
                } else if look.quiet == 0 {
                    // Every move captures into a win for the other side.
                    let d = look.worst_exit.map_or(0, |w| w as u32) + 1;
                    if d > LONGEST {
                        return Err(too_long(a, b));
                    }
                    codes[g] = d as Code + 1;
                    push(&mut buckets, d, g);
                } else {
                    open[g] = look.quiet as u8;
                }
            }
        }
        let all = variant.all;
        let mut d: u32 = 0;
        while (d as usize) < buckets.len().max(exits.len()) {
            if let Some(waiting) = exits.get_mut(d as usize) {
                for g in std::mem::take(waiting) {
                    if codes[g as usize] == 0 {
                        if d > LONGEST {
                            return Err(too_long(top, low));
                        }
                        codes[g as usize] = d as Code + 1;
                        push(&mut buckets, d, g as usize);
                    }
                }
            }
            let frontier = buckets.get_mut(d as usize).map(std::mem::take).unwrap_or_default();
            for g in frontier {
                let g = g as usize;
                let t = usize::from(g >= base[1] && kinds.len() == 2);
                let (a, b) = kinds[t];
                let (mover, other) = self.indexer.unrank(a, b, g - base[t]);
                // The positions before: the other side (b pieces, now the mover) moved a
                // piece from an empty point to one of its present points, closing no mill
                // (a mill would have captured, leaving the layer).
                let tq = if kinds.len() == 2 { 1 - t } else { 0 };
                let empty = all & !(mover | other);
                let flies = flying && b == 3;
                let mut tos = other;
                while tos != 0 {
                    let to = tos.trailing_zeros() as u8;
                    tos &= tos - 1;
                    if variant.in_mill(other, to) {
                        continue;
                    }
                    let mut froms = if flies { empty } else { variant.neighbours[to as usize] & empty };
                    while froms != 0 {
                        let from = froms.trailing_zeros();
                        froms &= froms - 1;
                        let before = other & !(1 << to) | (1 << from);
                        let q = base[tq] + self.indexer.index(b, a, before, mover);
                        if codes[q] != 0 {
                            continue;
                        }
                        if d.is_multiple_of(2) {
                            // A move into a loss: a win one ply longer.
                            if d + 1 > LONGEST {
                                return Err(too_long(b, a));
                            }
                            codes[q] = (d + 2) as Code;
                            push(&mut buckets, d + 1, q);
                        } else if open[q] != NEVER {
                            open[q] -= 1;
                            if open[q] == 0 {
                                // Every move loses: as late as the longest win allows.
                                let look = self.first_look(variant, flying, before, mover);
                                let dq = d.max(look.worst_exit.map_or(0, |w| w as u32)) + 1;
                                if dq > LONGEST {
                                    return Err(too_long(b, a));
                                }
                                codes[q] = dq as Code + 1;
                                push(&mut buckets, dq, q);
                            }
                        }
                    }
                }
            }
            d += 1;
        }
        let second = codes.split_off(base[1].min(codes.len()));
        let mut layers = vec![(kinds[0], codes)];
        if kinds.len() == 2 {
            layers.push((kinds[1], second));
        }
        Ok(layers)
    }

    /// The moves of (mover, other) counted without listing them: only the steps into
    /// the gap of an open two can close a mill, and only those are looked at one by one.
    fn first_look(&self, variant: &Variant, flying: bool, mover: Bits, other: Bits) -> FirstLook {
        let empty = variant.all & !(mover | other);
        let flies = flying && mover.count_ones() == 3;
        let mut gaps = 0;
        for &m in &variant.mills {
            if (mover & m).count_ones() == 2 {
                gaps |= m & empty;
            }
        }
        let pos = as_position(mover, other);
        let victims = pos.capturable(variant, Colour::Black);
        let mut look = FirstLook { moves: 0, quiet: 0, best_exit: None, drawn_exit: false, worst_exit: None };
        let mut froms = mover;
        while froms != 0 {
            let from = froms.trailing_zeros() as u8;
            froms &= froms - 1;
            let targets = if flies { empty } else { variant.neighbours[from as usize] & empty };
            let steps = targets.count_ones() as usize;
            look.moves += steps;
            look.quiet += steps;
            let mut closing = targets & gaps;
            while closing != 0 {
                let to = closing.trailing_zeros() as u8;
                closing &= closing - 1;
                let after = mover & !(1 << from) | (1 << to);
                if !variant.in_mill(after, to) {
                    continue;
                }
                look.quiet -= 1;
                let mut taken = victims;
                while taken != 0 {
                    let victim = taken.trailing_zeros();
                    taken &= taken - 1;
                    // The side that moves next has lost at once with two pieces;
                    // otherwise its value is in a smaller table, solved before.
                    let left = other & !(1 << victim);
                    let value = if left.count_ones() < MIN_PIECES as u32 {
                        Value::Loss { plies: 0 }
                    } else {
                        self.value(left, after).unwrap_or(Value::Draw)
                    };
                    match value {
                        Value::Loss { plies } => look.best_exit = Some(look.best_exit.map_or(plies, |b| b.min(plies))),
                        Value::Draw => look.drawn_exit = true,
                        Value::Win { plies } => look.worst_exit = Some(look.worst_exit.map_or(plies, |w| w.max(plies))),
                    }
                }
            }
        }
        look
    }
}

/// The solved tables of one rule set, kept for the life of the process: a cache, solved
/// again after a restart, never state. Three against three is published first (a few
/// seconds), then everything up to four a side.
struct Slot {
    tables: Mutex<Option<Arc<Tables>>>,
    started: AtomicBool,
}

#[allow(clippy::declare_interior_mutable_const)] // a template for the array, each copy its own
const EMPTY: Slot = Slot { tables: Mutex::new(None), started: AtomicBool::new(false) };
static CACHE: [Slot; 8] = [EMPTY; 8];

fn slot_of(rules: Rules) -> &'static Slot {
    let kind = VariantKind::ALL.iter().position(|&k| k == rules.variant).unwrap_or(0);
    &CACHE[kind * 2 + usize::from(rules.flying)]
}

fn publish(slot: &Slot, tables: Arc<Tables>) {
    let mut held = slot.tables.lock().unwrap_or_else(|e| e.into_inner());
    if held.as_ref().is_none_or(|t| (t.max, t.whole_game()) < (tables.max, tables.whole_game())) {
        *held = Some(tables);
    }
}

/// The largest tables solved so far for `rules`; never waits.
pub fn ready(rules: Rules) -> Option<Arc<Tables>> {
    slot_of(rules).tables.lock().unwrap_or_else(|e| e.into_inner()).clone()
}

/// The tables of `rules` up to `max` pieces a side (at least), solving them now if need
/// be (seconds: README "Endgame tables").
pub fn solved(rules: Rules, max: u8) -> Arc<Tables> {
    let max = max.clamp(MIN_PIECES, most_pieces(rules));
    let whole = max == rules.board().pieces;
    if let Some(t) = ready(rules).filter(|t| t.max >= max && (t.whole_game() || !whole)) {
        return t;
    }
    // `max` is a valid size, so this cannot fail; if it ever did, the tables there are
    // still serve.
    match Tables::solve(rules, max) {
        Ok(t) => {
            let t = Arc::new(t);
            publish(slot_of(rules), t.clone());
            t
        }
        Err(_) => ready(rules).unwrap_or_else(|| Arc::new(Tables::empty(rules))),
    }
}

/// The tables a search from `pos` needs soon (up to this many pieces a side), or `None`
/// while the game is not near them.
pub fn needed(rules: Rules, pos: &Position) -> Option<u8> {
    if rules.board().len() <= 16 {
        return Some(most_pieces(rules));
    }
    let most = pos.pieces(Colour::White).max(pos.pieces(Colour::Black)) as u8;
    near(rules, pos).then_some(most.clamp(MIN_PIECES, MAX_PIECES))
}

/// Solves now, before a search from `pos`, the tables it will need soon (a one-off answer
/// cannot wait for the background), and returns them; `None` when they are not near.
/// Returns at once when they are ready.
pub fn solve_before_search(rules: Rules, pos: &Position) -> Option<Arc<Tables>> {
    needed(rules, pos).map(|max| solved(rules, max))
}

/// Whether a search from `pos` may soon reach the tables: always on a 16-point board (the
/// whole game is solved), on the others once a side is down to five pieces.
pub fn near(rules: Rules, pos: &Position) -> bool {
    rules.board().len() <= 16 || pos.pieces(pos.side).min(pos.pieces(pos.side.opponent())) <= 5
}

/// Starts solving the tables on a background thread once the game is near them, so that
/// they are ready before they are needed. Returns at once.
pub fn prepare(game: &Game) {
    let rules = game.rules();
    let slot = slot_of(rules);
    if !near(rules, game.position()) || slot.started.swap(true, Ordering::AcqRel) {
        return;
    }
    let spawned = std::thread::Builder::new().name("dokuz-tables".into()).spawn(move || {
        // On a 24-point board 3v3 first, ready in seconds, then everything; a 16-point
        // board is solved whole at once.
        let first = if rules.board().len() <= 16 { most_pieces(rules) } else { MIN_PIECES };
        for max in first..=most_pieces(rules) {
            if let Ok(t) = Tables::solve(rules, max) {
                publish(slot_of(rules), Arc::new(t));
            }
        }
    });
    if spawned.is_err() {
        // No thread to be had: try again at the next move.
        slot.started.store(false, Ordering::Release);
    }
}

/// A symmetry applied to a set of points byte by byte: three lookups a set.
struct ImageTable {
    bytes: [[Bits; 256]; 4],
}

impl ImageTable {
    fn new(permutation: &[u8]) -> ImageTable {
        let mut bytes = [[0; 256]; 4];
        for (k, table) in bytes.iter_mut().enumerate() {
            for (v, image) in table.iter_mut().enumerate() {
                for bit in 0..8 {
                    let p = k * 8 + bit;
                    if v & (1 << bit) != 0 && p < permutation.len() {
                        *image |= 1 << permutation[p];
                    }
                }
            }
        }
        ImageTable { bytes }
    }

    #[inline]
    fn apply(&self, set: Bits) -> Bits {
        self.bytes[0][(set & 0xff) as usize]
            | self.bytes[1][(set >> 8 & 0xff) as usize]
            | self.bytes[2][(set >> 16 & 0xff) as usize]
            | self.bytes[3][(set >> 24) as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::VariantKind;

    #[test]
    fn ranks_round_trip() {
        let indexer = Indexer::new(VariantKind::Nine.variant());
        for (a, b) in [(3, 3), (4, 3), (3, 4), (4, 4)] {
            let size = indexer.size(a, b);
            for index in (0..size).step_by(997) {
                let (mover, other) = indexer.unrank(a, b, index);
                assert_eq!(mover & other, 0);
                assert_eq!((mover.count_ones(), other.count_ones()), (a as u32, b as u32));
                assert_eq!(indexer.index(a, b, mover, other), index);
            }
        }
    }

    /// The fold stores one row per class of the mover's sets, which is only sound if the
    /// solved values are symmetric: every position of the unfolded solution has the value
    /// of each of its images.
    #[test]
    fn unfolded_values_are_symmetric() {
        use crate::rules::Rules;
        for (rules, top, low) in [
            (Rules::with_flying(VariantKind::Nine, true), 4, 3),
            (Rules::with_flying(VariantKind::Nine, false), 4, 3),
            (Rules::with_flying(VariantKind::Twelve, true), 3, 3),
            (Rules::new(VariantKind::Six), 4, 4),
        ] {
            let mut tables = Tables::empty(rules);
            for l in MIN_PIECES..low {
                tables.solve_layer(l, l).expect("solves");
            }
            if top > low {
                tables.solve_layer(low, low).expect("solves");
            }
            let indexer = &tables.indexer;
            let mut decided = 0;
            for ((a, b), codes) in tables.solve_layer_unfolded(top, low).expect("solves") {
                for index in (0..codes.len()).step_by(13) {
                    let (mover, other) = indexer.unrank(a, b, index);
                    decided += (codes[index] != 0) as usize;
                    for image in &indexer.images {
                        let there = indexer.index(a, b, image.apply(mover), image.apply(other));
                        assert_eq!(codes[there], codes[index], "{rules:?} {mover:#x} {other:#x}");
                    }
                }
            }
            assert!(decided > 0, "{rules:?}");
        }
    }

    /// A folded lookup finds the row of the mover's representative, at the other side's
    /// image: every class has one row, and the rows hold about a sixteenth of the sets.
    #[test]
    fn folded_rows_hold_one_set_of_each_class() {
        for kind in [VariantKind::Nine, VariantKind::Twelve, VariantKind::Six] {
            let indexer = Indexer::new(kind.variant());
            for a in 3..=4u8 {
                let sets = indexer.by_rank[a as usize].len();
                let rows = indexer.reps[a as usize].len();
                assert!(rows * 16 >= sets && rows * 8 < sets, "{kind:?} {a}: {rows} rows of {sets}");
                assert_eq!(indexer.class_sizes(a).iter().sum::<u64>(), sets as u64);
                for index in (0..indexer.folded_size(a, 3)).step_by(101) {
                    let (mover, other) = indexer.folded_unrank(a, 3, index);
                    assert_eq!(indexer.folded_index(a, 3, mover, other), index);
                    for image in &indexer.images {
                        let (m, o) = (image.apply(mover), image.apply(other));
                        assert_eq!(
                            indexer.folded_index(a, 3, m, o) / indexer.others(a, 3),
                            index / indexer.others(a, 3)
                        );
                    }
                }
            }
        }
    }
}
