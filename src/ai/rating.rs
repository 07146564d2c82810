//! Ratings on the Elo scale: the computer levels' own, from the matches measured between
//! them (README "Measured figures"), and the player's, which moves with each result
//! against the computer.
//!
//! A level's rating is the one below it plus the rating difference its measured score
//! against that level means. A score of 100 % means "at least this much" and no finite
//! number, so each score is first smoothed as if one more game had been won and one more
//! lost (Laplace's rule: `(points + 1) / (games + 2)`): a level that won all of 100 games
//! is rated 802 points above, the least that result supports with confidence, and not
//! infinitely far. Easy, which closes a mill when it can and otherwise plays at random, anchors the scale.

use super::Level;

/// What a match between two levels gave, from `stronger`'s side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Measured {
    pub stronger: Level,
    pub weaker: Level,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    /// The budgets it was played at, as the README states them.
    pub budgets: &'static str,
}

/// The matches the levels' ratings come from, one for each step up, as measured with
/// `dokuz match` (nine men's morris, README "Measured figures").
pub const MEASURED: [Measured; 3] = [
    Measured { stronger: Level::Medium, weaker: Level::Easy, wins: 100, losses: 0, draws: 0, budgets: "full" },
    Measured { stronger: Level::Hard, weaker: Level::Medium, wins: 96, losses: 0, draws: 4, budgets: "full" },
    Measured {
        stronger: Level::Master,
        weaker: Level::Hard,
        wins: 18,
        losses: 0,
        draws: 14,
        budgets: "the game's on two cores: Master 3 s, 6 s while placing, on one thread; Hard 0.7 s",
    },
];

/// Easy's rating: the anchor of the scale.
pub const EASY: f64 = 500.0;
/// A new player's rating.
pub const START: f64 = 1000.0;
/// How far one game moves the player's rating: more while it is new.
const K_NEW: f64 = 40.0;
const K: f64 = 20.0;
/// Games after which the rating counts as settled.
const NEW_GAMES: usize = 20;

/// The expected score of a player rated `own` against one rated `other` (0 to 1).
pub fn expected(own: f64, other: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf((other - own) / 400.0))
}

/// The rating difference a match result means, smoothed by one won and one lost game.
pub fn difference(m: &Measured) -> f64 {
    let games = f64::from(m.wins + m.losses + m.draws);
    let points = f64::from(m.wins) + f64::from(m.draws) / 2.0;
    let score = (points + 1.0) / (games + 2.0);
    400.0 * (score / (1.0 - score)).log10()
}

/// The levels' ratings: Easy at the anchor, each level above the one it was measured
/// against.
pub fn level_rating(level: Level) -> f64 {
    let rank = |l: Level| Level::ALL.iter().position(|&k| k == l);
    EASY + MEASURED.iter().filter(|m| rank(m.stronger) <= rank(level)).map(difference).sum::<f64>()
}

/// The levels' ratings and where they come from, one line each (`dokuz ratings`).
pub fn describe(print: &mut dyn FnMut(&str)) {
    print(&format!("easy: {EASY:.0} (the anchor: closes a mill when it can, otherwise random)"));
    for m in &MEASURED {
        print(&format!(
            "{}: {:.0} ({:+.0} from {}-{}-{} against {}, {})",
            m.stronger.name(),
            level_rating(m.stronger),
            difference(m),
            m.wins,
            m.losses,
            m.draws,
            m.weaker.name(),
            m.budgets
        ));
    }
    print(&format!("a new player: {START:.0}"));
}

/// The player's rating after each of `scores` (1 a win, 0.5 a draw, 0 a loss, against
/// the computer level given), from `START`.
pub fn rating_series(results: impl IntoIterator<Item = (Level, f64)>) -> Vec<f64> {
    let mut rating = START;
    let mut series = Vec::new();
    for (n, (level, score)) in results.into_iter().enumerate() {
        let k = if n < NEW_GAMES { K_NEW } else { K };
        rating += k * (score - expected(rating, level_rating(level)));
        series.push(rating);
    }
    series
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_levels_are_rated_from_the_measured_scores_in_order() {
        let r: Vec<f64> = Level::ALL.iter().map(|&l| level_rating(l)).collect();
        assert_eq!(r[0], EASY);
        // 100 of 100: (100 + 1) / (100 + 2) is 802 points
        assert!((r[1] - r[0] - 400.0 * 101f64.log10()).abs() < 1e-9);
        assert!(r.windows(2).all(|w| w[0] < w[1]), "each level above the one below: {r:?}");
        // each step means its smoothed score again: (points + 1) / (games + 2)
        for (i, m) in MEASURED.iter().enumerate() {
            let points = f64::from(m.wins) + f64::from(m.draws) / 2.0;
            let smoothed = (points + 1.0) / f64::from(m.wins + m.draws + m.losses + 2);
            assert!((expected(r[i + 1], r[i]) - smoothed).abs() < 1e-9, "{m:?}");
        }
    }

    #[test]
    fn a_win_raises_a_loss_lowers_and_an_expected_result_moves_little() {
        let won = rating_series([(Level::Hard, 1.0)]);
        let lost = rating_series([(Level::Hard, 0.0)]);
        assert!(won[0] > START + 35.0, "an upset against Hard is worth almost K: {won:?}");
        assert!(lost[0] < START && lost[0] > START - 5.0, "losing to Hard is expected: {lost:?}");
        let easy = rating_series([(Level::Easy, 1.0)]);
        assert!(easy[0] > START && easy[0] < START + 5.0, "beating Easy is expected: {easy:?}");
        // a draw between equals leaves the rating where it was
        let level = Level::ALL.into_iter().min_by_key(|&l| (level_rating(l) - START).abs() as i64);
        if let Some(l) = level {
            let d = rating_series([(l, 0.5)]);
            assert!((d[0] - START).abs() < K_NEW / 2.0);
        }
    }

    #[test]
    fn ratings_settle_after_the_first_games() {
        // the same win moves a settled rating half as far
        let mut games = vec![(Level::Medium, 0.5); NEW_GAMES];
        games.push((Level::Medium, 1.0));
        let s = rating_series(games.clone());
        let last_step = s[NEW_GAMES] - s[NEW_GAMES - 1];
        let mut early = games[..1].to_vec();
        early[0].1 = 1.0;
        let first_step = rating_series(early)[0] - START;
        assert!(last_step > 0.0 && first_step > 0.0);
        assert!(last_step < first_step, "{last_step} against {first_step}");
    }
}
