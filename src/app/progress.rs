//! What the history of finished games adds up to, per variant and opponent: games played,
//! won, drawn and lost (from the player's side against the computer; by colour between
//! two players), and the winning streaks. Pure: the statistics screen shows it.

use super::model::Opponent;
use super::store::FinishedGame;
use crate::rules::{Colour, VariantKind};

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
        // whose view counts: the player's against the computer, White's between two
        let side = g.human.unwrap_or(Colour::White);
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
}
