//! What the history of finished games adds up to, per variant and opponent: games played,
//! won, drawn and lost (from the player's side against the computer; by colour between
//! two players), the winning streaks, the shortest win, mills closed and pieces captured;
//! and the player's rating over the games against the computer. Pure: the statistics
//! screen shows it.

use super::model::Opponent;
use super::store::FinishedGame;
use crate::ai::{Level, rating};
use crate::rules::movegen::mills_closed;
use crate::rules::{Colour, Game, Rules, VariantKind};

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub played: u32,
    /// Against the computer: the player's wins; two players: White's.
    pub won: u32,
    pub drawn: u32,
    /// Against the computer: the player's losses; two players: Black's wins.
    pub lost: u32,
    /// Wins in a row up to the last game (against the computer).
    pub streak: u32,
    pub best_streak: u32,
    /// The fewest plies of a win (the player's against the computer; either side's
    /// between two players).
    pub shortest_win: Option<u32>,
    /// Mills closed and pieces captured: by the player against the computer, by both
    /// sides between two players.
    pub mills: u32,
    pub captured: u32,
}

/// Mills closed and pieces captured in a game by `side` (by both sides if none), found by
/// replaying its moves through the rules; a game that does not replay counts nothing.
fn mills_and_captures(g: &FinishedGame, side: Option<Colour>) -> (u32, u32) {
    let record = &g.game;
    let Ok(mut game) = Game::from_text(Rules::with_flying(record.variant, record.flying), Some(&record.start)) else {
        return (0, 0);
    };
    let (mut mills, mut captured) = (0, 0);
    for text in &record.moves {
        let (pos, board) = (*game.position(), game.board());
        let Ok(m) = game.play_text(text) else { break };
        if side.is_none_or(|c| c == pos.side) {
            mills += mills_closed(&pos, board, m.from, m.to) as u32;
            captured += u32::from(m.captures());
        }
    }
    (mills, captured)
}

/// One line of the statistics: a variant against one opponent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub variant: VariantKind,
    pub opponent: Opponent,
    pub tally: Tally,
}

/// The tallies of `games` (oldest first), in a fixed order: variants, then the levels
/// from Easy to Master, then two players; only those with a game.
pub fn summarize(games: &[FinishedGame]) -> Vec<Line> {
    let mut lines: Vec<Line> = Vec::new();
    for g in games {
        let (variant, opponent) = (g.game.variant, g.opponent);
        let i = match lines.iter().position(|l| l.variant == variant && l.opponent == opponent) {
            Some(i) => i,
            None => {
                lines.push(Line { variant, opponent, tally: Tally::default() });
                lines.len() - 1
            }
        };
        let t = &mut lines[i].tally;
        t.played += 1;
        let (mills, captured) = mills_and_captures(g, g.human);
        t.mills += mills;
        t.captured += captured;
        // whose view counts: the player's against the computer, White's between two
        let side = g.human.unwrap_or(Colour::White);
        let plies = g.game.moves.len() as u32;
        if g.result.winner.is_some() && g.human.is_none_or(|h| g.result.winner == Some(h)) {
            t.shortest_win = Some(t.shortest_win.map_or(plies, |s| s.min(plies)));
        }
        match g.result.winner {
            None => {
                t.drawn += 1;
                t.streak = 0;
            }
            Some(w) if w == side => {
                t.won += 1;
                t.streak += 1;
                t.best_streak = t.best_streak.max(t.streak);
            }
            Some(_) => {
                t.lost += 1;
                t.streak = 0;
            }
        }
    }
    let order = |l: &Line| {
        let v = VariantKind::ALL.iter().position(|&k| k == l.variant).unwrap_or(0);
        let o = match l.opponent {
            Opponent::Computer(level) => crate::ai::Level::ALL.iter().position(|&k| k == level).unwrap_or(0),
            Opponent::TwoPlayers => 4,
        };
        (v, o)
    };
    lines.sort_by_key(order);
    lines
}

/// The player's score in a game against the computer (1 a win, 0.5 a draw, 0 a loss)
/// and the level; none for a two-player game.
fn computer_result(g: &FinishedGame) -> Option<(Level, f64)> {
    let (Opponent::Computer(level), Some(human)) = (g.opponent, g.human) else { return None };
    let score = match g.result.winner {
        None => 0.5,
        Some(w) if w == human => 1.0,
        Some(_) => 0.0,
    };
    Some((level, score))
}

/// The player's rating after each game against the computer in `games` (oldest first).
pub fn ratings(games: &[FinishedGame]) -> Vec<f64> {
    rating::rating_series(games.iter().filter_map(computer_result))
}

/// Wins, draws and losses against each computer level, over every variant.
pub fn per_level(lines: &[Line]) -> [(Level, [u32; 3]); 4] {
    Level::ALL.map(|level| {
        let mut wdl = [0; 3];
        for l in lines.iter().filter(|l| l.opponent == Opponent::Computer(level)) {
            wdl[0] += l.tally.won;
            wdl[1] += l.tally.drawn;
            wdl[2] += l.tally.lost;
        }
        (level, wdl)
    })
}

/// The calendar date of a time in seconds since 1970 (UTC), as `YYYY-MM-DD`.
pub fn date(secs: u64) -> String {
    // Howard Hinnant's days-to-civil algorithm.
    let z = (secs / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;
    use crate::app::model::{EndReason, GameResult};
    use crate::rules::Game;
    use crate::rules::game::GameRecord;

    fn finished(id: u64, opponent: Opponent, human: Option<Colour>, winner: Option<Colour>) -> FinishedGame {
        let reason = if winner.is_some() { EndReason::TwoPieces } else { EndReason::Repetition };
        FinishedGame {
            id,
            ended: id,
            opponent,
            human,
            result: GameResult { winner, reason },
            game: GameRecord::from(Game::new(crate::rules::Rules::new(VariantKind::Nine))),
        }
    }

    #[test]
    fn dates_are_calendar_dates() {
        assert_eq!(date(0), "1970-01-01");
        assert_eq!(date(951_782_400), "2000-02-29");
        assert_eq!(date(1_796_083_200), "2026-12-01");
    }

    #[test]
    fn tallies_count_from_the_players_side_and_streaks_reset() {
        let hard = Opponent::Computer(Level::Hard);
        let (w, b) = (Some(Colour::White), Some(Colour::Black));
        let games = vec![
            finished(1, hard, b, b),    // won as Black
            finished(2, hard, w, w),    // won
            finished(3, hard, w, None), // draw: the streak ends
            finished(4, hard, b, w),    // lost
            finished(5, hard, w, w),    // won
            finished(6, Opponent::TwoPlayers, None, b),
            finished(7, Opponent::Computer(Level::Easy), w, w),
        ];
        let lines = summarize(&games);
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[0].opponent, Opponent::Computer(Level::Easy), "Easy before Hard");
        let t = &lines[1].tally;
        assert_eq!((t.played, t.won, t.drawn, t.lost), (5, 3, 1, 1));
        assert_eq!((t.streak, t.best_streak), (1, 2));
        let two = &lines[2].tally;
        assert_eq!((two.played, two.won, two.lost), (1, 0, 1), "between two players: White's wins, Black's");
    }

    #[test]
    fn mills_captures_and_the_shortest_win_come_from_the_moves() {
        let rules = crate::rules::Rules::new(VariantKind::Nine);
        let mut game = Game::from_text(rules, Some("W:a7,d7,f2 B:a1,d1,e4 w")).expect("position");
        game.play_text("f2-g7xa1").expect("the winning move");
        let mut won = finished(1, Opponent::Computer(Level::Medium), Some(Colour::White), Some(Colour::White));
        won.game = GameRecord::from(game);
        let mut long = finished(2, Opponent::Computer(Level::Medium), Some(Colour::White), Some(Colour::White));
        long.game.moves = vec!["d2".into(), "d6".into(), "b4".into()];
        let lost = finished(3, Opponent::Computer(Level::Medium), Some(Colour::Black), Some(Colour::White));
        let lines = summarize(&[won.clone(), long, lost.clone()]);
        let t = &lines[0].tally;
        assert_eq!((t.mills, t.captured), (1, 1), "White's mill and capture, counted for the player");
        assert_eq!(t.shortest_win, Some(1), "a loss is no win, however short");
        // the same game seen from Black's side closed no mill
        let mut black = won;
        black.human = Some(Colour::Black);
        let t = &summarize(&[black])[0].tally;
        assert_eq!((t.mills, t.captured, t.shortest_win), (0, 0, None));
        // the rating moves with the computer games only
        let r = ratings(&[lost, finished(4, Opponent::TwoPlayers, None, Some(Colour::White))]);
        assert_eq!(r.len(), 1);
        assert!(r[0] < rating::START);
        let levels = per_level(&lines);
        assert_eq!(levels[1], (Level::Medium, [2, 0, 1]));
    }
}
