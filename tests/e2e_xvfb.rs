//! End to end: the real game binary in a real window under Xvfb with software Vulkan.
//! xdotool clicks the points the game reports for its layout; screenshots show the pieces
//! where they were placed and gone where they were captured.
//!
//! Needs `Xvfb`, `xdotool`, ImageMagick and Mesa's Vulkan driver (`.ci/setup-os test`
//! installs them). It fails, rather than passing silently, when they are missing; set
//! DOKUZ_SKIP_E2E=1 to skip it on a machine without them.

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::AtomicBool;
use std::sync::mpsc;
use std::time::{Duration, Instant};

struct Kill(Child);

impl Drop for Kill {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn tool(name: &str) -> bool {
    Command::new("sh")
        .arg("-c")
        .arg(format!("command -v {name}"))
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

fn run(cmd: &str, args: &[&str], display: &str) -> String {
    let out = Command::new(cmd).args(args).env("DISPLAY", display).output().unwrap_or_else(|e| panic!("{cmd}: {e}"));
    assert!(out.status.success(), "{cmd} {args:?} failed: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The colour of one screen pixel, from a screenshot, as (r, g, b).
fn pixel(shot: &str, x: i32, y: i32) -> (u8, u8, u8) {
    let out = Command::new("convert")
        .args([
            shot,
            "-format",
            &format!("%[fx:int(255*p{{{x},{y}}}.r)],%[fx:int(255*p{{{x},{y}}}.g)],%[fx:int(255*p{{{x},{y}}}.b)]"),
            "info:",
        ])
        .output()
        .expect("convert");
    let text = String::from_utf8_lossy(&out.stdout);
    let v: Vec<u8> = text.trim().split(',').filter_map(|s| s.parse().ok()).collect();
    assert_eq!(v.len(), 3, "pixel of {shot} at {x},{y}: {text}");
    (v[0], v[1], v[2])
}

fn brightness(c: (u8, u8, u8)) -> u32 {
    (c.0 as u32 + c.1 as u32 + c.2 as u32) / 3
}

/// Pieces appear where the points are clicked and a captured piece vanishes, in screenshots
/// of the real window.
#[test]
fn pieces_appear_where_clicked_and_vanish_when_captured() {
    if skip_or_check_tools() {
        return;
    }
    let (_xvfb, display) = xvfb("1024x768x24");
    let dir = fresh_dir("dokuz-e2e");
    let shot = dir.join("shot.png").to_string_lossy().into_owned();
    let mut game = Running::start(&display, &dir.join("data"), shot);
    game.click("New game");
    game.click("Start");
    game.board();
    let white = |c: (u8, u8, u8)| brightness(c) > 200;
    let black = |c: (u8, u8, u8)| brightness(c) < 70;
    let empty = |c: (u8, u8, u8)| !white(c) && !black(c);
    // White a7, Black a1, White d7, Black d1, White g7 closes the top row...
    for (p, colour) in [("a7", "white"), ("a1", "black"), ("d7", "white"), ("d1", "black"), ("g7", "white")] {
        game.click_at(game.watch.points[p]);
        game.wait_colour(p, if colour == "white" { &white } else { &black }, &format!("a {colour} piece"));
    }
    for p in ["a7", "d7", "g7"] {
        game.wait_colour(p, &white, "a white piece");
    }
    for p in ["a1", "d1"] {
        game.wait_colour(p, &black, "a black piece");
    }
    game.wait_colour("d2", &empty, "an empty point");
    // ...and takes a1: it vanishes, the rest stays.
    game.click_at(game.watch.points["a1"]);
    game.wait_colour("a1", &empty, "an empty point after the capture");
    game.wait_colour("d1", &black, "the black piece that stays");
    for p in ["a7", "d7", "g7"] {
        game.wait_colour(p, &white, "the white mill that stays");
    }
    drop(game);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A six men's game that White wins (Black is left with two pieces): for the game-over card.
const SIX_WON: &str = "d4 b2 a3 c1 d2 e5 d3xe5 b4 b3 e5 c5 c2 a3-a1 b4-c4 a1-a3 c1-e1 a3-a5 e1-e3 b3-b4 c2-c1 \
b4-b3 c1-e1xa5 d2-c2 c4-b4 c2-d2xb2 b4-c4 b3-b2 e1-c1 b2-c2 c1-e1xc5 c2-b2 e5-c5 d2-c2 c5-e5xd3 d4-d3 e5-c5 \
d3-d2xc5 e3-d3 b2-b3 e1-e3 b3-b2xc4";

/// An empty folder of its own for one test, in the system's temporary folder.
fn fresh_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn skip_or_check_tools() -> bool {
    if std::env::var_os("DOKUZ_SKIP_E2E").is_some() {
        eprintln!("DOKUZ_SKIP_E2E is set: skipping the Xvfb test");
        return true;
    }
    for t in ["Xvfb", "xdotool", "import", "convert"] {
        assert!(tool(t), "{t} is missing: run `bash .ci/setup-os test` (or set DOKUZ_SKIP_E2E=1)");
    }
    false
}

/// A virtual X server of `size` on a display it picks itself (`-displayfd`: no clash with
/// a display already in use on the machine), and that display's name. Xvfb writes the
/// number once it accepts connections, so nothing has to wait a guessed time.
fn xvfb(size: &str) -> (Kill, String) {
    let mut child = Command::new("Xvfb")
        .args(["-displayfd", "1", "-screen", "0", size, "-nolisten", "tcp"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("Xvfb");
    let mut number = String::new();
    if let Some(out) = child.stdout.take() {
        let _ = BufReader::new(out).read_line(&mut number);
    }
    let number = number.trim().to_string();
    let server = Kill(child);
    assert!(number.parse::<u32>().is_ok(), "Xvfb did not report its display (got {number:?})");
    (server, format!(":{number}"))
}

/// Every screen at a phone's and a desktop's sizes, in both languages (and the game in
/// progress and over): the game's own layout check finds nothing overlapping and nothing
/// cut off.
/// Marks a layout case that needs a history of finished games in its data folder.
const HISTORY: &str = "(history)";

/// A store in `dir` holding `n` finished games, against each level in turn and between two
/// players, played out by Easy's moves on both sides (random but legal, so the results
/// vary), as the statistics and the history show them.
fn history_store(dir: &Path, n: usize) {
    use dokuz_tas::ai::{Level, Limits, think};
    use dokuz_tas::app::model::{GameSetup, Opponent, Session};
    use dokuz_tas::app::store::Store;
    let mut store = Store::open(dir);
    let mut games = Vec::new();
    let stop = AtomicBool::new(false);
    for k in 0..n {
        let opponent = match k % 5 {
            4 => Opponent::TwoPlayers,
            i => Opponent::Computer(Level::ALL[i]),
        };
        let mut s = Session::start(&GameSetup { opponent, ..GameSetup::default() }, k as u32, 0);
        while !s.is_over() {
            let seed = (k * 1000 + s.game.ply()) as u64;
            let t = think(&s.game, Level::Easy, Limits::default(), seed, &stop).expect("a legal move");
            s.game.push(t.best);
        }
        assert!(store.record_finished(&mut games, &s));
    }
}

#[test]
fn every_screen_fits_every_window_in_both_languages() {
    if skip_or_check_tools() {
        return;
    }
    // (tall enough for a phone's 1080x2400 pixels)
    let (_xvfb, display) = xvfb("1400x2600x24");
    let dir = std::env::temp_dir().join(format!("dokuz-screens-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let mut failures = Vec::new();
    let mut checked = 0;
    // (a history of finished games is written for the cases marked HISTORY)
    let cases: Vec<(&str, Vec<&str>)> = vec![
        ("menu", vec![]),
        ("newgame", vec![]),
        ("settings", vec![]),
        ("howto", vec![]),
        ("stats", vec![]),
        ("stats", vec![HISTORY]),
        // a phone's notch above and home indicator below: everything stays clear of them
        ("game", vec!["--two-players", "--safe-area", "44,0,34,0", "--moves", "d6 d2 f4 b4 f6 b6"]),
        ("settings", vec!["--safe-area", "44,0,34,0"]),
        ("history", vec![HISTORY]),
        ("review", vec![HISTORY]),
        ("game", vec!["--two-players", "--moves", "d6 d2 f4 b4 f6 b6"]),
        ("game", vec!["--two-players", "--variant", "six", "--moves", SIX_WON]),
    ];
    // the sizes in logical pixels (phones upright and on their side, desktops), and a
    // phone's pixels at its scale factor (360x800 logical)
    let sizes = [
        ("360x640", None),
        ("540x1170", None),
        ("800x360", None),
        ("1024x640", None),
        ("1280x800", None),
        ("1080x2400", Some("3")),
    ];
    for (size, scale) in sizes {
        for lang in ["en", "tr"] {
            for (screen, extra) in &cases {
                let shot = dir.join(format!("{screen}-{size}-{lang}-{checked}.png"));
                let shot_text = shot.to_string_lossy().into_owned();
                // each run on a data folder of its own: nothing of one run shows in the next
                let data_dir = dir.join(format!("data-{checked}"));
                if extra.contains(&HISTORY) {
                    history_store(&data_dir, 30);
                }
                let data = data_dir.to_string_lossy().into_owned();
                let mut args = vec!["--screen", screen, "--window", size, "--lang", lang, "--screenshot", &shot_text];
                args.extend(["--data-dir", data.as_str()]);
                if let Some(f) = scale {
                    args.extend(["--scale-factor", f]);
                }
                args.extend(extra.iter().copied().filter(|&e| e != HISTORY));
                let out = Command::new(env!("CARGO_BIN_EXE_dokuz-tas"))
                    .args(&args)
                    .env("DISPLAY", &display)
                    .env("WGPU_BACKEND", "vulkan")
                    .output()
                    .expect("the game binary");
                let stdout = String::from_utf8_lossy(&out.stdout);
                let stderr = String::from_utf8_lossy(&out.stderr);
                let what = format!("{screen} {size} (scale {scale:?}) {lang} {extra:?}");
                assert!(out.status.success(), "{what}: exit {:?}\n{stderr}", out.status);
                let line = stdout.lines().find(|l| l.starts_with("layout: ")).unwrap_or_default();
                let numbers: Vec<usize> = line.split_whitespace().filter_map(|w| w.parse().ok()).collect();
                assert_eq!(numbers.len(), 3, "{what}: no layout line in {stdout}");
                assert!(numbers[0] >= 3, "{what}: only {} widgets", numbers[0]);
                assert!(std::fs::metadata(&shot).is_ok_and(|m| m.len() > 1000), "{what}: no screenshot");
                if numbers[1] != 0 || numbers[2] != 0 {
                    let details: Vec<&str> =
                        stderr.lines().filter(|l| l.starts_with("overlap") || l.starts_with("outside")).collect();
                    failures.push(format!("{what}: {line}\n  {}", details.join("\n  ")));
                }
                checked += 1;
            }
        }
    }
    assert!(failures.is_empty(), "{} of {checked} screens do not fit:\n{}", failures.len(), failures.join("\n"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// What the game prints with `--print-layout`.
enum Report {
    Points(HashMap<String, (f32, f32)>),
    Widgets(Vec<Widget>),
}

#[derive(Clone, Debug, PartialEq)]
struct Widget {
    x: f32,
    y: f32,
    w: f32,
    h: f32,
    key: String,
}

impl Widget {
    fn centre(&self) -> (f32, f32) {
        (self.x + self.w / 2.0, self.y + self.h / 2.0)
    }

    fn overlaps(&self, o: &Widget) -> bool {
        let w = (self.x + self.w).min(o.x + o.w) - self.x.max(o.x);
        let h = (self.y + self.h).min(o.y + o.h) - self.y.max(o.y);
        w > 1.0 && h > 1.0
    }
}

fn read_reports(stdout: std::process::ChildStdout) -> mpsc::Receiver<Report> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut points = HashMap::new();
        let mut widgets = Vec::new();
        let mut in_widgets = false;
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let parts: Vec<&str> = line.splitn(6, ' ').collect();
            let sent = match parts.as_slice() {
                ["layout"] => {
                    points.clear();
                    in_widgets = false;
                    Ok(())
                }
                ["widgets"] => {
                    widgets.clear();
                    in_widgets = true;
                    Ok(())
                }
                ["point", name, x, y] => {
                    points.insert(name.to_string(), (x.parse().unwrap_or(-1.0), y.parse().unwrap_or(-1.0)));
                    Ok(())
                }
                ["widget", x, y, w, h, key] => {
                    let n = |s: &str| s.parse().unwrap_or(-1.0);
                    widgets.push(Widget { x: n(x), y: n(y), w: n(w), h: n(h), key: key.to_string() });
                    Ok(())
                }
                ["end"] if in_widgets => tx.send(Report::Widgets(widgets.clone())),
                ["end"] => tx.send(Report::Points(points.clone())),
                _ => Ok(()),
            };
            if sent.is_err() {
                return;
            }
        }
    });
    rx
}

/// The latest widgets and points, updated from the game's reports.
struct Watch {
    rx: mpsc::Receiver<Report>,
    points: HashMap<String, (f32, f32)>,
    widgets: Vec<Widget>,
}

impl Watch {
    fn drain(&mut self) {
        while let Ok(r) = self.rx.try_recv() {
            match r {
                Report::Points(p) => self.points = p,
                Report::Widgets(w) => self.widgets = w,
            }
        }
    }

    /// Waits until `test` holds for the latest reports.
    fn until(&mut self, what: &str, mut test: impl FnMut(&Watch) -> bool) {
        let start = Instant::now();
        loop {
            self.drain();
            if test(self) {
                return;
            }
            assert!(start.elapsed() < Duration::from_secs(120), "waited two minutes for {what}");
            std::thread::sleep(Duration::from_millis(200));
        }
    }

    fn widget(&self, key_start: &str) -> Option<&Widget> {
        self.widgets.iter().find(|w| w.key.starts_with(key_start))
    }

    /// The board and the buttons: what must never move.
    fn fixed(&self) -> Vec<Widget> {
        self.widgets.iter().filter(|w| w.key != "text").cloned().collect()
    }
}

/// The game in a real window, its reports, and where its window is on the screen.
struct Running {
    _game: Kill,
    watch: Watch,
    origin: (i32, i32),
    display: String,
    shot: String,
}

impl Running {
    /// The game at its menu.
    fn start(display: &str, data_dir: &Path, shot: String) -> Running {
        Running::start_on(display, data_dir, shot, "menu")
    }

    /// The game opened on `screen`, once it reports that screen's first widget.
    fn start_on(display: &str, data_dir: &Path, shot: String, screen: &str) -> Running {
        let first = if screen == "menu" { "New game" } else { "board" };
        let mut game = Command::new(env!("CARGO_BIN_EXE_dokuz-tas"))
            .args(["--two-players", "--animation", "off", "--lang", "en", "--window", "1024x640", "--print-layout"])
            .args(["--screen", screen])
            .arg("--data-dir")
            .arg(data_dir)
            .env("DISPLAY", display)
            .env("WGPU_BACKEND", "vulkan")
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the game binary");
        let stdout = game.stdout.take().expect("stdout");
        let game = Kill(game);
        let mut watch = Watch { rx: read_reports(stdout), points: HashMap::new(), widgets: Vec::new() };
        watch.until(&format!("the {screen} screen"), |w| w.widget(first).is_some());
        let window = run("xdotool", &["search", "--sync", "--name", "Dokuz"], display);
        let id = window.lines().next().expect("the game window").to_string();
        let geometry = run("xdotool", &["getwindowgeometry", "--shell", &id], display);
        let get = |key: &str| {
            geometry.lines().find_map(|l| l.strip_prefix(key)).and_then(|v| v.parse::<i32>().ok()).unwrap_or(0)
        };
        Running { _game: game, watch, origin: (get("X="), get("Y=")), display: display.to_string(), shot }
    }

    fn click_at(&self, (x, y): (f32, f32)) {
        let (x, y) = (self.origin.0 + x.round() as i32, self.origin.1 + y.round() as i32);
        run("xdotool", &["mousemove", &x.to_string(), &y.to_string(), "click", "1"], &self.display);
    }

    fn click(&mut self, key: &str) {
        self.watch.until(&format!("the button '{key}'"), |w| w.widget(key).is_some());
        let at = self.watch.widget(key).map(Widget::centre).unwrap_or_default();
        self.click_at(at);
    }

    /// `off`: 0 for the point's dot itself, 8 to sample inside a piece beside the dot.
    fn pixel_at(&self, p: (f32, f32), off: i32) -> (u8, u8, u8) {
        run("import", &["-window", "root", &self.shot], &self.display);
        pixel(&self.shot, self.origin.0 + p.0.round() as i32 + off, self.origin.1 + p.1.round() as i32 + off)
    }

    /// Waits until the board's points are those drawn, and the board is drawn.
    fn board(&mut self) {
        self.board_within(Duration::from_secs(180));
    }

    fn board_within(&mut self, limit: Duration) {
        self.watch.until("the board", |w| {
            let (Some(b), Some(&(x, y))) = (w.widget("board"), w.points.get("d2")) else { return false };
            x > b.x && x < b.x + b.w && y > b.y && y < b.y + b.h
        });
        // drawn: the dot of d2 stands out from the window's background (either theme)
        let d2 = self.watch.points["d2"];
        let drawn = Instant::now();
        while brightness(self.pixel_at(d2, 0)).abs_diff(brightness(self.pixel_at((4.0, 4.0), 0))) < 60 {
            assert!(drawn.elapsed() < limit, "the board was not drawn within {limit:?}");
            std::thread::sleep(Duration::from_secs(1));
        }
    }

    fn wait_colour(&self, p: &str, test: &dyn Fn((u8, u8, u8)) -> bool, what: &str) {
        let start = Instant::now();
        loop {
            let c = self.pixel_at(self.watch.points[p], 8);
            if test(c) {
                return;
            }
            assert!(start.elapsed() < Duration::from_secs(60), "{p} should show {what} but shows {c:?}");
            std::thread::sleep(Duration::from_millis(500));
        }
    }
}

/// Menu -> settings -> new game -> moves -> menu -> continue, clicked in the real window;
/// a message appears without moving the board or any button, and overlaps nothing; the
/// game is killed and started again on the same data folder, and Continue shows the same
/// moves with the setting changed.
#[test]
fn menu_new_game_moves_menu_continue_and_messages_move_nothing() {
    if skip_or_check_tools() {
        return;
    }
    let (_xvfb, display) = xvfb("1024x768x24");
    let dir = fresh_dir("dokuz-e2e-menu");
    let data = dir.join("data");
    let shot = dir.join("shot.png").to_string_lossy().into_owned();
    let white = |c: (u8, u8, u8)| brightness(c) > 200;
    let black = |c: (u8, u8, u8)| brightness(c) < 70;
    // on the dark theme's board (brightness about 50) a black piece is darker still
    let dark_black = |c: (u8, u8, u8)| brightness(c) < 30;
    {
        let mut game = Running::start(&display, &data, shot.clone());
        game.click("New game");
        game.click("Start");
        game.board();
        game.click_at(game.watch.points["d6"]);
        game.wait_colour("d6", &white, "a white piece");
        game.click_at(game.watch.points["d2"]);
        game.wait_colour("d2", &black, "a black piece");
        // Settled: the board and the buttons as they are without a message.
        std::thread::sleep(Duration::from_secs(2));
        game.watch.drain();
        let before = game.watch.fixed();
        let texts_before = game.watch.widgets.len() - before.len();
        assert!(before.iter().any(|w| w.key == "board") && before.iter().any(|w| w.key == "Undo"));
        // A tap on a taken point: a message appears in the message slot...
        game.click_at(game.watch.points["d6"]);
        game.watch.until("the message", |w| w.widgets.len() - w.fixed().len() > texts_before);
        // ...and nothing else moved, and nothing overlaps.
        assert_eq!(game.watch.fixed(), before, "a message moved the board or a button");
        for (i, a) in game.watch.widgets.iter().enumerate() {
            for b in &game.watch.widgets[i + 1..] {
                assert!(!a.overlaps(b), "with the message showing, {a:?} overlaps {b:?}");
            }
        }
        // To the menu, a setting changed (the dark theme), and back: the game is still there.
        game.click("Menu");
        game.click("Settings");
        game.click("Dark");
        game.click("‹ Back");
        game.click("Continue");
        game.board();
        game.wait_colour("d6", &white, "the white piece after Continue");
        game.wait_colour("d2", &dark_black, "the black piece after Continue");
        // killed here (dropped): the game was saved after every move
    }
    let mut game = Running::start(&display, &data, shot.clone());
    game.click("Continue");
    game.board();
    game.wait_colour("d6", &white, "the white piece after a restart");
    game.wait_colour("d2", &dark_black, "the black piece after a restart");
    // the dark theme was kept: the window's corner shows the dark background
    let corner = game.pixel_at((4.0, 4.0), 0);
    assert!(brightness(corner) < 60, "the dark theme after a restart: the background is {corner:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The game screen opened at start, with no input at all (no click, no mouse move): the
/// board is drawn once its render pipelines are ready. The frame loop sleeps when nothing
/// moves, and a frame without them skips the board, so the render world has to ask for the
/// frames that follow (it once showed an empty board until the first touch).
#[test]
fn the_board_is_drawn_without_input_when_the_game_opens_on_it() {
    if skip_or_check_tools() {
        return;
    }
    let (_xvfb, display) = xvfb("1024x768x24");
    let dir = fresh_dir("dokuz-e2e-idle");
    let shot = dir.join("shot.png").to_string_lossy().into_owned();
    let mut game = Running::start_on(&display, &dir.join("data"), shot, "game");
    // (screenshots of the root window and the reports on stdout send the game no input;
    // the limit is well below the idle loop's 60-second heartbeat, which would draw it too)
    game.board_within(Duration::from_secs(30));
    drop(game);
    let _ = std::fs::remove_dir_all(&dir);
}
