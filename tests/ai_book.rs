//! Master's opening book: the shipped book reads, holds every position before each side's
//! third placement (in every orientation) with a legal move, gives symmetric positions
//! symmetric moves, round-trips through its text, and is played by Master only when it
//! thinks on time.

mod common;

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use common::dokuz;
use dokuz_tas::ai::book::{self, Book, COMPLETE, DEEPEST, Entry, LINE_GAMES, PLIES};
use dokuz_tas::ai::{Level, Limits, think};
use dokuz_tas::rules::variant::Bits;
use dokuz_tas::rules::{Colour, Game, Move, Position, Rules, VariantKind};

fn nine() -> Rules {
    Rules::new(VariantKind::Nine)
}

fn shipped() -> Book {
    Book::parse(book::SHIPPED).unwrap_or_else(|e| panic!("the shipped book: {e}"))
}

/// Every game of the first `COMPLETE - 1` placements, unfolded: 1 + 24 + 552 + 6,072.
fn every_opening() -> Vec<Game> {
    let mut all = vec![Game::new(nine())];
    let mut level = all.clone();
    for _ in 1..COMPLETE {
        let next: Vec<Game> = level.iter().flat_map(every_reply).collect();
        all.extend(next.iter().cloned());
        level = next;
    }
    all
}

fn map(perm: &[u8], set: Bits) -> Bits {
    (0..perm.len()).filter(|&p| set & (1 << p) != 0).fold(0, |acc, p| acc | 1 << perm[p])
}

fn image(perm: &[u8], pos: &Position) -> Position {
    Position::new([map(perm, pos.board[0]), map(perm, pos.board[1])], pos.side, pos.in_hand, pos.quiet_plies)
}

/// The lowest image of a position's board under the symmetries: equal for two positions
/// exactly when a symmetry maps one onto the other.
fn class(pos: &Position) -> [Bits; 2] {
    static SYMMETRIES: std::sync::OnceLock<Vec<Vec<u8>>> = std::sync::OnceLock::new();
    let symmetries = SYMMETRIES.get_or_init(|| nine().board().symmetries());
    symmetries.iter().map(|perm| [map(perm, pos.board[0]), map(perm, pos.board[1])]).min().expect("symmetries")
}

fn after(pos: &Position, m: Move) -> Position {
    pos.play(m)
}

/// The least depth of each number of pieces placed, as the header of a book's text names it.
fn header_depths(text: &str) -> Vec<u32> {
    text.lines()
        .find_map(|l| l.split("--depths ").nth(1))
        .and_then(|rest| rest.strip_suffix(").")?.split(',').map(|d| d.parse().ok()).collect())
        .expect("the header names the depths")
}

/// `g` with the book's move played, then each reply to it.
fn book_move_and_every_reply(book: &Book, g: &Game) -> Vec<Game> {
    let mut g = g.clone();
    g.push(book.probe(&g).expect("in the book").best);
    every_reply(&g)
}

/// The game after each legal move.
fn every_reply(g: &Game) -> Vec<Game> {
    g.legal_moves()
        .iter()
        .map(|&m| {
            let mut child = g.clone();
            child.push(m);
            child
        })
        .collect()
}

/// Every game of a line, unfolded: each game of `before` placements, the book's move,
/// every reply (White's third placement after two placements, Black's after three).
fn every_line_game(book: &Book, before: usize) -> Vec<Game> {
    every_opening()
        .iter()
        .filter(|g| book::placed(g.position()) == before)
        .flat_map(|g| book_move_and_every_reply(book, g))
        .collect()
}

/// How many positions of each line the header of a book's text counts (0 for a line it
/// does not name).
fn header_counts(text: &str) -> [usize; 2] {
    let first = text.lines().next().unwrap_or("");
    [1, 2].map(|n| first.split(", and ").nth(n).and_then(|l| l.split(' ').next()?.parse().ok()).unwrap_or(0))
}

#[test]
fn the_shipped_book_holds_every_opening_with_a_legal_move() {
    let book = shipped();
    let complete = book::positions().len();
    assert_eq!(complete, 1 + 4 + 46 + 428, "the classes of 0, 1, 2 and 3 placements");
    let openings = every_opening();
    assert_eq!(openings.len(), 1 + 24 + 24 * 23 + 24 * 23 * 22);
    // The header names the least depth of each number of pieces placed (the book is
    // deepened in parts); every entry was searched at least that deep.
    let depths = header_depths(book::SHIPPED);
    assert!(
        (COMPLETE..=DEEPEST).contains(&(depths.len() as u32)),
        "a depth for 0 to {} pieces placed, and perhaps for the lines beyond",
        COMPLETE - 1
    );
    for g in &openings {
        let entry = book.probe(g).unwrap_or_else(|| panic!("not in the book: {}", g.position_text()));
        assert!(g.legal_moves().contains(&entry.best), "{}: {:?}", g.position_text(), entry.best);
        let depth = depths[book::placed(g.position())];
        assert!(entry.depth >= depth, "{}: searched to {}, below the header's {depth}", g.position_text(), entry.depth);
    }
    // Beyond the complete part, only each side's third placement after its book move.
    let held =
        |line: Vec<Position>| line.iter().filter(|p| book.probe(&Game::from_position(nine(), **p)).is_some()).count();
    let in_lines = [held(book::white_line(&book)), held(book::black_line(&book))];
    let game_lines = book::game_lines(&shipped_games(), PLIES as usize, depths.len());
    let in_game_lines = held(game_lines.clone());
    assert_eq!(
        book.len(),
        complete + in_lines[0] + in_lines[1] + in_game_lines,
        "every entry beyond the complete part is on a line"
    );
    assert_eq!(in_game_lines > 0, depths.len() > PLIES as usize, "the header names a depth for the game lines held");
    for pos in &game_lines {
        let g = Game::from_position(nine(), *pos);
        if let Some(entry) = book.probe(&g) {
            assert!(g.legal_moves().contains(&entry.best), "{}: {:?}", g.position_text(), entry.best);
            assert!(entry.depth >= depths[book::placed(pos)], "{}: searched to {}", g.position_text(), entry.depth);
        }
    }
    // Each entry the header counts is found, those whose move closes a mill (and
    // captures, the capture turned with the board) too.
    assert_eq!(in_lines, header_counts(book::SHIPPED), "the lines' entries that the header counts are all found");
    for (n, in_line) in in_lines.into_iter().enumerate() {
        let placed = COMPLETE as usize + n;
        assert_eq!(in_line > 0, depths.len() > placed, "the header names a depth for a line it holds");
        for g in every_line_game(&book, placed - 2) {
            if let Some(entry) = book.probe(&g) {
                assert!(g.legal_moves().contains(&entry.best), "{}: {:?}", g.position_text(), entry.best);
                assert!(entry.depth >= depths[placed], "{}: searched to {}", g.position_text(), entry.depth);
            }
        }
    }
    for depth in depths {
        assert!(depth >= 18, "the book is deeper than a move's search: depth {depth}");
    }
}

/// A line holds one position for each class of `games` and no other, all with `placed`
/// pieces placed and `side` to move, and those of `from_start` first. Returns how many
/// come from the start.
fn check_line(line: &[Position], games: &[Game], from_start: &[Game], placed: usize, side: Colour) -> usize {
    let classes_of = |games: &[Game]| {
        let mut classes: Vec<[Bits; 2]> = games.iter().map(|g| class(g.position())).collect();
        classes.sort();
        classes.dedup();
        classes
    };
    assert!(line.iter().all(|p| book::placed(p) == placed && p.side == side));
    let mut listed: Vec<[Bits; 2]> = line.iter().map(class).collect();
    listed.sort();
    assert_eq!(listed, classes_of(games), "one position for each class of the line's games, and no other");
    let from_start = classes_of(from_start);
    assert!(!from_start.is_empty() && from_start.len() < line.len());
    let mut head: Vec<[Bits; 2]> = line[..from_start.len()].iter().map(class).collect();
    head.sort();
    assert_eq!(head, from_start, "the line from the start comes first");
    from_start.len()
}

/// The white line: every Black reply after the book's second White move, one position a
/// class, those reached from the start with White playing the book first.
#[test]
fn the_white_line_follows_the_book_s_white_moves() {
    let book = shipped();
    // From the start: the book's first White move, any Black reply, the book's second
    // White move, any Black reply.
    let from_start: Vec<Game> = book_move_and_every_reply(&book, &Game::new(nine()))
        .iter()
        .flat_map(|g| book_move_and_every_reply(&book, g))
        .collect();
    let line = book::white_line(&book);
    check_line(&line, &every_line_game(&book, 2), &from_start, COMPLETE as usize, Colour::White);
}

/// The black line: every White reply after the book's second Black move, one position a
/// class, those reached from the start with Black playing the book first, and among
/// those first the replies to White's strongest second placements by the book's score.
#[test]
fn the_black_line_follows_the_book_s_black_moves() {
    let book = shipped();
    // From the start: any White move, the book's first Black move, any White reply, the
    // book's second Black move, any White reply.
    let before_second: Vec<Game> = Game::new(nine())
        .legal_moves()
        .iter()
        .map(|&m| {
            let mut g = Game::new(nine());
            g.push(m);
            g
        })
        .flat_map(|g| book_move_and_every_reply(&book, &g))
        .collect();
    let from_start: Vec<Game> = before_second.iter().flat_map(|g| book_move_and_every_reply(&book, g)).collect();
    let line = book::black_line(&book);
    let n = check_line(&line, &every_line_game(&book, 3), &from_start, COMPLETE as usize + 1, Colour::Black);
    println!("the black line: {} classes, {n} from the start", line.len());
    // The line begins after White's strongest second placement (Black's lowest score).
    let score = |g: &Game| book.probe(g).map_or(i32::MAX, |e| e.score);
    let strongest = before_second.iter().min_by_key(|g| score(g)).expect("positions before Black's second move");
    let after: Vec<[Bits; 2]> =
        book_move_and_every_reply(&book, strongest).iter().map(|g| class(g.position())).collect();
    assert!(after.contains(&class(&line[0])), "the line begins after White's strongest second placement");
}

/// The game lines: the positions of six to nine placed, before any capture, that at least
/// `LINE_GAMES` of the games reached (a symmetric image counting as the same position),
/// one of each class, the most played first. A game is read from our notation or from a
/// line of `tools/sanmill-games.txt`; a bad move is an error naming its line.
#[test]
fn the_game_lines_are_the_positions_games_reached_again() {
    assert_eq!(LINE_GAMES, 2, "the counts below are for two games");
    let text = "# four games share their first six placements, the third as its mirror image
d2 d6 b4 f6 b6 b2 f4 d3 g7 g4 a1
d2 d6 b4 f6 b6 b2 f4 a1 g7

d2 d6 f4 b6 f6 f2 c3 a1
game 9 opening  master White: draw (draw: the same position occurred three times), 11 plies: d2 d6 b4 f6 b6 b2 f4 d3 g7 g4 a7
game 10 opening c4 b2: not counted: sanmill answered 'e5-e4' after c4 b2
a1 b2 a4 b4 a7xb4 b4 c4 d1
";
    let games = book::read_games(text).expect("the games read");
    assert_eq!(games.len(), 5, "the set-aside game is skipped");
    assert_eq!(games[4].len(), 5, "a capture ends the line: the positions of 0 to 4 placed");
    assert_eq!(games[0].len(), 10, "0 to 9 placed");
    let position = |moves: &str| {
        let mut g = Game::new(nine());
        moves.split(' ').for_each(|m| {
            g.play_text(m).expect("legal");
        });
        class(g.position())
    };
    let expected =
        ["d2 d6 b4 f6 b6 b2", "d2 d6 b4 f6 b6 b2 f4", "d2 d6 b4 f6 b6 b2 f4 d3", "d2 d6 b4 f6 b6 b2 f4 d3 g7"];
    let lines: Vec<[Bits; 2]> = book::game_lines(&games, 6, 10).iter().map(class).collect();
    assert_eq!(lines, expected.map(position), "reached by 4, 3, 2 and 2 games, in that order");
    let lines: Vec<[Bits; 2]> = book::game_lines(&games, 6, 7).iter().map(class).collect();
    assert_eq!(lines, [position(expected[0])], "six placed only");
    assert!(book::game_lines(&games[..1], 6, 10).is_empty(), "one game is no line");
    let bad = book::read_games("d2 d6\nd2 d2").expect_err("a point taken twice");
    assert!(bad.contains("games line 2") && bad.contains("'d2'"), "{bad}");

    // Built after a complete book of depth 1, searching from six placed: only the game
    // lines are searched, to their own depths, and the book holds them with Master's moves.
    let all = book::positions();
    let shallow: Vec<(Position, u32)> = all.iter().map(|&p| (p, 1)).collect();
    let complete = Book::parse(&book::text(&all, &book::analyse(&shallow, 2, &|_| {}), &[1; COMPLETE as usize], 0))
        .expect("the depth-1 book reads");
    let depths = [1, 1, 1, 1, 1, 1, 2, 2, 3, 3];
    let searched = std::sync::Mutex::new(Vec::new());
    let built = book::build(&depths, &[&complete], &games, Some(PLIES as usize), 2, &|s| {
        if let Ok(mut list) = searched.lock() {
            list.push(class(s.position));
        }
    });
    let mut searched = searched.lock().map(|list| list.clone()).unwrap_or_default();
    searched.sort();
    let mut lines = expected.map(position).to_vec();
    lines.sort();
    assert_eq!(searched, lines, "only the game lines are searched");
    assert!(built.contains("and 4 positions of 6 to 9 pieces placed that at least 2 of the first 5 games"), "{built}");
    let read = Book::parse(&built).expect("the built book reads");
    assert_eq!(read.len(), all.len() + 4);
    let stop = AtomicBool::new(false);
    for pos in book::game_lines(&games, PLIES as usize, depths.len()) {
        let g = Game::from_position(nine(), pos);
        let depth = depths[book::placed(&pos)];
        let master = think(&g, Level::Master, Limits { depth: Some(depth), threads: 1, ..Limits::default() }, 0, &stop)
            .expect("a move");
        assert_eq!(read.probe(&g).map(|e| (e.best, e.depth)), Some((master.best, depth)), "{}", g.position_text());
    }
}

/// The games whose lines the shipped book follows: the first of `tools/sanmill-games.txt`,
/// as many as its header says (games added to the file later are not in it).
fn shipped_games() -> Vec<Vec<Position>> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tools/sanmill-games.txt");
    let text = std::fs::read_to_string(path).expect("tools/sanmill-games.txt reads");
    let mut games = book::read_games(&text).expect("its games read");
    let first = book::SHIPPED.lines().next().unwrap_or("");
    let count = first.split(" of the first ").nth(1).and_then(|rest| rest.split(' ').next()?.parse().ok());
    games.truncate(count.unwrap_or(0));
    games
}

/// The shipped book is what a build that searches nothing writes from it: every entry
/// in its place, every line as far as it is held, the same header.
#[test]
fn the_shipped_book_is_its_own_kept_build() {
    let book = shipped();
    let depths = header_depths(book::SHIPPED);
    let written = book::build(&depths, &[&book], &shipped_games(), None, 1, &|_| panic!("nothing is searched"));
    assert_eq!(written, book::SHIPPED);
}

#[test]
fn symmetric_positions_get_symmetric_moves_and_the_same_score() {
    let book = shipped();
    let symmetries = nine().board().symmetries();
    assert_eq!(symmetries.len(), 16);
    for g in every_opening().iter().step_by(97) {
        let pos = *g.position();
        let entry = book.probe(g).expect("in the book");
        for perm in &symmetries {
            let turned = Game::from_position(nine(), image(perm, &pos));
            let e = book.probe(&turned).expect("the image is in the book");
            assert_eq!(e.score, entry.score, "{} turned", g.position_text());
            // The move leads to an image of the position the book's move leads to (not
            // always the same point: a position may be its own image).
            assert_eq!(
                class(&after(turned.position(), e.best)),
                class(&after(&pos, entry.best)),
                "{} turned to {}",
                g.position_text(),
                turned.position_text()
            );
        }
    }
}

#[test]
fn the_book_is_not_used_outside_its_openings() {
    let book = shipped();
    let mut g = Game::new(nine());
    for m in ["d2", "f4", "d6", "b4"] {
        assert!(book.probe(&g).is_some(), "{}", g.position_text());
        g.play_text(m).expect("legal");
    }
    assert_eq!(book.probe(&g), None, "four pieces placed, White's second (d6) not the book's (b4)");
    // Five placed off the black line (a Black second placement that is not the book's,
    // in any order the same pieces could have come in): not in the book.
    let black_line: Vec<[Bits; 2]> = book::black_line(&book).iter().map(class).collect();
    let mut g = Game::new(nine());
    for m in ["d2", "f4", "b4"] {
        g.play_text(m).expect("legal");
    }
    let off_line = every_reply(&g)
        .iter()
        .flat_map(every_reply)
        .find(|g| !black_line.contains(&class(g.position())))
        .expect("five placed off the black line");
    assert_eq!(book.probe(&off_line), None, "five pieces placed off the line: {}", off_line.position_text());
    let captured = Game::from_text(nine(), Some("W:d2,d6 B:f4 w 7 7 0")).expect("a position");
    assert_eq!(book.probe(&captured), None, "a piece of Black's is gone");
    for rules in [Rules::with_flying(VariantKind::Nine, false), Rules::new(VariantKind::Twelve)] {
        assert_eq!(book.probe(&Game::new(rules)), None, "{rules:?}");
    }
}

/// A book analysed at a small depth on two jobs reads back with each position's own
/// move: the moves of Master's own search at that depth, whatever job searched them.
#[test]
fn a_built_book_reads_back_as_master_s_moves() {
    let positions: Vec<Position> = book::positions().into_iter().step_by(40).collect();
    assert!(positions.len() >= 12);
    let jobs: Vec<(Position, u32)> = positions.iter().map(|&p| (p, 3)).collect();
    let entries = book::analyse(&jobs, 2, &|_| {});
    let text = book::text(&positions, &entries, &[3; PLIES as usize], 0);
    let read = Book::parse(&text).expect("the built text reads");
    assert_eq!(read.len(), positions.len());
    let stop = AtomicBool::new(false);
    for pos in &positions {
        let g = Game::from_position(nine(), *pos);
        let searched = think(&g, Level::Master, Limits { depth: Some(3), threads: 1, ..Limits::default() }, 0, &stop)
            .expect("a move");
        let e = read.probe(&g).expect("in the built book");
        assert_eq!(e.best, searched.best, "{}", g.position_text());
        assert_eq!(e.depth, 3);
        assert_eq!(Some(e.score), searched.iterations.last().map(|it| it.score));
    }
}

/// A book is deepened in parts: with `keep`, only the positions whose kept entry is not
/// as deep as asked are searched, and every other entry is the kept one.
#[test]
fn a_book_is_deepened_only_where_asked() {
    let all = book::positions();
    let shallow: Vec<(Position, u32)> = all.iter().map(|&p| (p, 2)).collect();
    let shallow = Book::parse(&book::text(&all, &book::analyse(&shallow, 2, &|_| {}), &[2; PLIES as usize], 0))
        .expect("the depth-2 book reads");
    let total = std::sync::Mutex::new(Vec::new());
    let deeper = book::build(&[4, 2, 2, 2], &[&shallow], &[], Some(0), 2, &|s| {
        if let Ok(mut t) = total.lock() {
            t.push(s.total)
        }
    });
    assert_eq!(total.lock().map(|t| t.clone()).unwrap_or_default(), [1], "only the start is searched again");
    assert!(deeper.contains("--depths 4,2,2,2"), "{deeper}");
    let deeper = Book::parse(&deeper).expect("the deepened book reads");
    assert_eq!(deeper.len(), all.len());
    let stop = AtomicBool::new(false);
    for pos in &all {
        let g = Game::from_position(nine(), *pos);
        let e = deeper.probe(&g).expect("in the book");
        if book::placed(pos) == 0 {
            let searched =
                think(&g, Level::Master, Limits { depth: Some(4), threads: 1, ..Limits::default() }, 0, &stop)
                    .expect("a move");
            assert_eq!((e.best, e.depth), (searched.best, 4));
        } else {
            assert_eq!(Some(e), shallow.probe(&g), "{}", g.position_text());
        }
    }
}

/// With a depth for White's third placement the build goes on to the white line of the
/// book it has: only those positions are searched when the rest is kept. With nothing
/// searched it writes the kept entries only, and says how many of the line it holds.
#[test]
fn the_white_line_is_built_after_the_book_and_written_as_far_as_kept() {
    let all = book::positions();
    let shallow: Vec<(Position, u32)> = all.iter().map(|&p| (p, 1)).collect();
    let shallow = Book::parse(&book::text(&all, &book::analyse(&shallow, 2, &|_| {}), &[1; COMPLETE as usize], 0))
        .expect("the depth-1 book reads");
    let line = book::white_line(&shallow);
    let totals = std::sync::Mutex::new(Vec::new());
    let built = book::build(&[1, 1, 1, 1, 2], &[&shallow], &[], Some(0), 2, &|s| {
        if let Ok(mut t) = totals.lock() {
            t.push(s.total)
        }
    });
    let totals = totals.lock().map(|t| t.clone()).unwrap_or_default();
    assert!(totals.iter().all(|&t| t == line.len()) && totals.len() == line.len(), "only the line is searched");
    assert!(built.contains(&format!("and {} positions of White's third placement", line.len())), "{built}");
    assert_eq!(header_depths(&built), [1, 1, 1, 1, 2]);
    let read = Book::parse(&built).expect("the built book reads");
    assert_eq!(read.len(), all.len() + line.len());
    let stop = AtomicBool::new(false);
    for pos in line.iter().step_by(60) {
        let g = Game::from_position(nine(), *pos);
        let searched = think(&g, Level::Master, Limits { depth: Some(2), threads: 1, ..Limits::default() }, 0, &stop)
            .expect("a move");
        assert_eq!(read.probe(&g).map(|e| (e.best, e.depth)), Some((searched.best, 2)), "{}", g.position_text());
    }

    // A build stopped after 100 of the line: nothing is searched, the 100 are written.
    let cut: Vec<&str> = built.lines().take(3 + all.len() + 100).collect();
    let partial = Book::parse(&cut.join("\n")).expect("the cut book reads");
    let written = book::build(&[1, 1, 1, 1, 2], &[&partial], &[], None, 2, &|_| panic!("nothing is searched"));
    assert!(written.contains("and 100 positions of White's third placement"), "{written}");
    let written = Book::parse(&written).expect("the written book reads");
    assert_eq!(written.len(), all.len() + 100);
    for pos in all.iter().chain(&line) {
        let g = Game::from_position(nine(), *pos);
        assert_eq!(written.probe(&g), partial.probe(&g), "{}", g.position_text());
    }
}

/// The complete part searched to depth 1: its positions, their entries, and the book.
fn depth_one_book() -> (Vec<Position>, Vec<Option<Entry>>, Book) {
    let all = book::positions();
    let shallow: Vec<(Position, u32)> = all.iter().map(|&p| (p, 1)).collect();
    let entries = book::analyse(&shallow, 2, &|_| {});
    let complete =
        Book::parse(&book::text(&all, &entries, &[1; COMPLETE as usize], 0)).expect("the depth-1 book reads");
    (all, entries, complete)
}

/// A made-up entry for `p` (its first legal move), as a build keeps any entry.
fn made_up(p: &Position, depth: u32) -> Option<Entry> {
    Game::from_position(nine(), *p).legal_moves().iter().next().map(|&best| Entry { best, score: 0, depth })
}

/// With a depth for Black's third placement too, the build goes on to the black line of
/// the book it has, after the white line: here every position is kept (the lines with
/// made-up entries, which a build keeps as it keeps any) but the black line's last three,
/// and only those three are searched, to Master's moves.
#[test]
fn the_black_line_is_built_after_the_white_line() {
    let (all, entries, complete) = depth_one_book();
    let (white, black) = (book::white_line(&complete), book::black_line(&complete));
    let (kept_black, missing) = black.split_at(black.len() - 3);
    let made_up = |p: &Position| made_up(p, 2);
    let lines: Vec<Position> = white.iter().chain(kept_black).copied().collect();
    let positions: Vec<Position> = all.iter().chain(&lines).copied().collect();
    let kept_entries: Vec<Option<Entry>> = entries.iter().copied().chain(lines.iter().map(made_up)).collect();
    let depths = [1, 1, 1, 1, 2, 2];
    let kept = Book::parse(&book::text(&positions, &kept_entries, &depths, 0)).expect("the kept book reads");
    let searched = std::sync::Mutex::new(Vec::new());
    let built = book::build(&depths, &[&kept], &[], Some(0), 2, &|s| {
        if let Ok(mut list) = searched.lock() {
            list.push(class(s.position));
        }
    });
    let mut searched = searched.lock().map(|list| list.clone()).unwrap_or_default();
    searched.sort();
    let mut expected: Vec<[Bits; 2]> = missing.iter().map(class).collect();
    expected.sort();
    assert_eq!(searched, expected, "only the black line's missing positions are searched");
    assert_eq!(header_counts(&built), [white.len(), black.len()]);
    let read = Book::parse(&built).expect("the built book reads");
    assert_eq!(read.len(), all.len() + white.len() + black.len());
    let stop = AtomicBool::new(false);
    for pos in missing {
        let g = Game::from_position(nine(), *pos);
        let master = think(&g, Level::Master, Limits { depth: Some(2), threads: 1, ..Limits::default() }, 0, &stop)
            .expect("a move");
        assert_eq!(read.probe(&g).map(|e| (e.best, e.depth)), Some((master.best, 2)), "{}", g.position_text());
    }
}

/// With the game lines, a position before them that the games reached again is searched
/// again to the game lines' depth, the most played first, and only there: here two games
/// (one the other's mirror image) follow the book's moves for White's second and Black's
/// second placements, and a third leaves them at its fifth placement. Until it is
/// searched again, such a position keeps its shallower entry.
#[test]
fn the_positions_the_games_reached_again_are_searched_again_deeper() {
    let (all, entries, complete) = depth_one_book();
    let (white, black) = (book::white_line(&complete), book::black_line(&complete));
    let made_up = |p: &Position| made_up(p, 1);
    let lines: Vec<Position> = white.iter().chain(&black).copied().collect();
    let positions: Vec<Position> = all.iter().chain(&lines).copied().collect();
    let kept_entries: Vec<Option<Entry>> = entries.iter().copied().chain(lines.iter().map(made_up)).collect();
    let kept = Book::parse(&book::text(&positions, &kept_entries, &[1; PLIES as usize], 0)).expect("the kept book");

    // b4 d2, the book's two moves, then a fifth and a sixth placement: a game on both lines.
    let mut g = Game::new(nine());
    let mut on_lines = Vec::new();
    for i in 0..4 {
        let m = match i {
            0 | 1 => g.legal_moves().iter().copied().find(|&m| g.move_text(m) == ["b4", "d2"][i]).expect("legal"),
            _ => complete.probe(&g).expect("in the book").best,
        };
        on_lines.push(g.move_text(m));
        g.push(m);
    }
    let game = |fifth: usize| {
        let mut g = g.clone();
        let mut moves = on_lines.clone();
        for nth in [fifth, 0] {
            let m = g.legal_moves().iter().copied().nth(nth).expect("a placement");
            moves.push(g.move_text(m));
            g.push(m);
        }
        moves.join(" ")
    };
    // The same game turned left to right.
    let mirror = |line: String| -> String {
        line.chars()
            .map(|c| match c {
                'a' => 'g',
                'b' => 'f',
                'c' => 'e',
                'e' => 'c',
                'f' => 'b',
                'g' => 'a',
                _ => c,
            })
            .collect()
    };
    let text = format!("{}\n{}\n{}\n", game(0), mirror(game(0)), game(1));
    let games = book::read_games(&text).expect("the games read");
    let again = book::game_lines(&games, 2, PLIES as usize);
    assert_eq!(again.len(), 4, "two to five placed, twice each: {text}");

    let depths = [1, 1, 1, 1, 1, 1, 2, 2, 2, 2];
    let searched = std::sync::Mutex::new(Vec::new());
    let built = book::build(&depths, &[&kept], &games, Some(2), 2, &|s| {
        if let Ok(mut list) = searched.lock() {
            list.push(class(s.position));
        }
    });
    let searched = searched.lock().map(|list| list.clone()).unwrap_or_default();
    let mut classes = searched;
    classes.sort();
    let mut expected: Vec<[Bits; 2]> = book::game_lines(&games, 2, 7).iter().map(class).collect();
    expected.sort();
    assert_eq!(classes, expected, "the positions of two to six placed that both games reached, and only those");
    assert!(
        built.contains("# Of the positions of fewer than 6 placed, 4 that at least 2 of those games reached searched again to at least 2"),
        "{built}"
    );
    let read = Book::parse(&built).expect("the built book reads");
    assert_eq!(read.len(), positions.len() + 1, "the one game line of six placed is added");
    let stop = AtomicBool::new(false);
    for pos in &positions {
        let g = Game::from_position(nine(), *pos);
        let entry = read.probe(&g).expect("still in the book");
        if again.iter().any(|p| class(p) == class(pos)) {
            let master = think(&g, Level::Master, Limits { depth: Some(2), threads: 1, ..Limits::default() }, 0, &stop)
                .expect("a move");
            assert_eq!((entry.best, entry.depth), (master.best, 2), "{}", g.position_text());
        } else {
            assert_eq!(Some(entry), kept.probe(&g), "{}", g.position_text());
        }
    }

    // Nothing searched: the shallow entries stay where nothing deeper is kept.
    let written = book::build(&depths, &[&kept], &games, None, 2, &|_| panic!("nothing is searched"));
    assert!(!written.contains("searched again"), "{written}");
    assert_eq!(Book::parse(&written).expect("it reads").len(), positions.len());
    let rewritten = book::build(&depths, &[&read], &games, None, 2, &|_| panic!("nothing is searched"));
    assert_eq!(rewritten, built, "the deeper entries are kept");
}

/// The lines of a journal that are entries (not comments), in the order written.
fn entries(path: &std::path::Path) -> Vec<String> {
    std::fs::read_to_string(path).expect("the journal reads").lines().map(str::to_string).collect()
}

/// `book build --journal`: each entry is written as it is searched; a build stopped
/// half-way (here: the journal cut back to 100 entries and half a line, as a kill in the
/// middle of a write leaves it) resumes and searches only what the journal lacks or holds
/// too shallow, and the book it prints is the same as a build in one go.
#[test]
fn a_journaled_build_resumes_where_it_stopped() {
    let dir = std::env::temp_dir().join(format!("dokuz-book-journal-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let path = dir.join("journal.txt");
    let _ = std::fs::remove_file(&path);
    let journal = path.to_str().expect("a UTF-8 path");
    let all = book::positions();

    let whole = dokuz(&["book", "build", "--depth", "2", "--threads", "2", "--journal", journal]).expect("built");
    let written = entries(&path);
    assert_eq!(written.len(), all.len(), "one line a position, as searched");
    let from_journal = Book::parse(&written.join("\n")).expect("the journal is a book");
    assert_eq!(from_journal.len(), all.len());
    let printed = Book::parse(&whole.join("\n")).expect("the printed book reads");
    for pos in &all {
        let g = Game::from_position(nine(), *pos);
        assert_eq!(from_journal.probe(&g), printed.probe(&g), "{}", g.position_text());
    }

    // Stopped after 100 entries, in the middle of the 101st.
    let torn = format!("{}\n{}", written[..100].join("\n"), &written[100][..10]);
    std::fs::write(&path, torn).expect("written");
    let resumed =
        dokuz(&["book", "build", "--depths", "3,2,2,2", "--threads", "2", "--journal", journal]).expect("resumed");
    let after = entries(&path);
    assert_eq!(after[..100], written[..100], "the entries written before stay as they were");
    let start = Game::new(nine());
    let mut searched: Vec<Position> = after[100..]
        .iter()
        .map(|l| {
            let text = l.split('\t').next().expect("a position");
            *Game::from_text(nine(), Some(text)).expect("a position").position()
        })
        .collect();
    searched.sort_by_key(|p| (p.board, p.side.index()));
    let kept: Vec<&str> = written[..100].iter().map(|l| l.split('\t').next().unwrap_or("")).collect();
    let mut expected: Vec<Position> = all
        .iter()
        .filter(|p| book::placed(p) == 0 || !kept.contains(&Game::from_position(nine(), **p).position_text().as_str()))
        .copied()
        .collect();
    expected.sort_by_key(|p| (p.board, p.side.index()));
    assert_eq!(searched, expected, "searched again: the torn entry, those never written, and the start (now deeper)");
    let resumed = Book::parse(&resumed.join("\n")).expect("the resumed book reads");
    let stop = AtomicBool::new(false);
    let deep = think(&start, Level::Master, Limits { depth: Some(3), threads: 1, ..Limits::default() }, 0, &stop)
        .expect("a move");
    assert_eq!(resumed.probe(&start).map(|e| (e.best, e.depth)), Some((deep.best, 3)));
    for pos in all.iter().filter(|p| book::placed(p) > 0) {
        let g = Game::from_position(nine(), *pos);
        assert_eq!(resumed.probe(&g), printed.probe(&g), "{}", g.position_text());
    }
    // The journal, with the start twice (depths 2 and 3), reads as its deepest entries.
    let journal_book = Book::parse_journal(&after.join("\n")).expect("the journal reads");
    assert_eq!(journal_book.probe(&start).map(|e| e.depth), Some(3));
    assert!(Book::parse(&after.join("\n")).is_err(), "as a shipped book, a position twice is an error");

    // A file that is not a journal is refused and left as it was.
    std::fs::write(&path, "my notes\n").expect("written");
    let e = dokuz(&["book", "build", "--depth", "1", "--journal", journal]).expect_err("not a journal");
    assert!(e.contains("--journal") && e.contains("line 1"), "{e}");
    assert_eq!(std::fs::read_to_string(&path).ok().as_deref(), Some("my notes\n"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_damaged_book_is_refused_with_the_line() {
    for (text, why) in [
        ("W: B: w 9 9 0\td2\t5", "line 1: 3 fields"),
        ("# a comment\n\nW: B: w 9 9 0\tz9\t5\t18", "line 3: 'z9'"),
        ("W: B: w 9 9 0\td2\tmany\t18", "score 'many'"),
        ("W:d2,d6,f4,a1,a4 B:b2,b4,b6,a7,g7 w 4 4 0\tg1\t0\t18", "not a position of the book's first 10"),
        ("W:d2,d6 B:b2,b4,b6 w 6 6 0\tg7\t0\t18", "not a position of the book"),
        ("W:a7 B: b 8 9 0\td2\t5\t18\nW:g1 B: b 8 9 0\td2\t5\t18", "line 2: 'W:g1 B: b 8 9 0' is in the book twice"),
    ] {
        let e = Book::parse(text).err().unwrap_or_else(|| panic!("{text:?} was read"));
        assert!(e.contains(why), "{text:?}: {e}");
    }
}

/// Master plays the book when it thinks on time, and says so; with a depth it searches;
/// Hard never uses the book.
#[test]
fn master_plays_the_book_on_time_only() {
    let stop = AtomicBool::new(false);
    let g = Game::from_text(nine(), None).expect("start");
    let entry = shipped().probe(&g).expect("the start is in the book");
    let timed = Limits { time: Some(Duration::from_secs(20)), ..Limits::default() };
    let started = std::time::Instant::now();
    let t = think(&g, Level::Master, timed, 1, &stop).expect("a move");
    assert!(started.elapsed() < Duration::from_secs(5), "a book move is not searched: {:?}", started.elapsed());
    assert_eq!(t.best, entry.best);
    assert!(t.iterations.len() == 1 && t.iterations[0].book && t.iterations[0].depth == entry.depth, "{t:?}");
    let searched = think(&g, Level::Master, Limits { depth: Some(2), ..Limits::default() }, 1, &stop).expect("a move");
    assert!(searched.iterations.iter().all(|it| !it.book && it.depth <= 2), "{searched:?}");
    let hard = Limits { time: Some(Duration::from_millis(100)), ..Limits::default() };
    let t = think(&g, Level::Hard, hard, 1, &stop).expect("a move");
    assert!(t.iterations.iter().all(|it| !it.book) && !t.iterations.is_empty(), "{t:?}");
}

#[test]
fn the_tool_probes_the_book() {
    let out = dokuz(&["book", "probe", "--moves", "b4 a1"]).expect("in the book");
    let g = {
        let mut g = Game::new(nine());
        g.play_text("b4").and_then(|_| g.play_text("a1")).expect("legal");
        g
    };
    let e = shipped().probe(&g).expect("in the book");
    assert_eq!(out, [format!("{} score {} depth {}", g.move_text(e.best), e.score, e.depth)]);
    let verbose =
        dokuz(&["bestmove", "--level", "master", "--time-ms", "500", "--verbose", "--moves", "b4 a1"]).expect("a move");
    assert_eq!(verbose.last(), Some(&g.move_text(e.best)));
    assert!(verbose[0].contains("(book)"), "{verbose:?}");
    for (args, why) in [
        (&["book", "probe", "--moves", "d2 f4 d6 b4"][..], "not in the book"),
        (&["book", "probe", "--flying", "off"][..], "flying on"),
        (&["book", "probe", "--variant", "twelve"][..], "flying on"),
        (&["book", "build"][..], "--depth"),
        (&["book", "build", "--depth", "3", "--moves", "d2"][..], "--moves does not apply to book build"),
        (&["book", "build", "--depths", "20,18"][..], "takes 4 depths, for 0 to 3 pieces placed, or 5"),
        (&["book", "build", "--depths", "2,2,2,2,2,2,2,2,2,2,2"][..], "or up to 10 with the game lines"),
        (&["book", "build", "--depths", "2,2,2,2,2,2,2"][..], "give --lines GAMES"),
        (&["book", "build", "--depths", "2,2,2,2", "--lines", "games.txt"][..], "need depths for 6 pieces"),
        (&["book", "build", "--depths", "2,2,2,2,2,2,2", "--lines", "/nonexistent/games"][..], "cannot read it"),
        (&["book", "build", "--depth", "2", "--keep", "--kept-only", "--search-from", "6"][..], "give one"),
        (&["book", "build", "--depth", "2", "--search-from", "six"][..], "'six' is not a valid number"),
        (&["book", "build", "--depth", "2", "--kept-only"][..], "give --keep or --journal"),
        (&["book", "build", "--depths", "20,20,x,18"][..], "'x' is not a valid number"),
        (&["book", "build", "--depths", "20,20,20,0"][..], "at least 1"),
        (&["book", "build", "--depth", "3", "--depths", "3,3,3,3"][..], "give one"),
        (&["book", "probe", "--keep"][..], "--keep does not apply to book probe"),
        (&["book", "shelve"][..], "unknown command 'shelve'"),
        (&["book"][..], "build or probe"),
    ] {
        let e = dokuz(args).expect_err("an error");
        assert!(e.contains(why), "{args:?}: {e}");
    }
}
