//! Progress kept on the device, in one bevy_pkv store: the settings and the game in
//! progress. The one place that knows folders, record versions and damage.
//!
//! Nothing read from the store can crash the game or corrupt the rules state:
//! - bevy_pkv panics when it opens a damaged file: the store is opened under
//!   `catch_unwind`, the damaged file is moved aside (its name says when and why) and a
//!   fresh store is opened; if even that fails the game runs without keeping anything;
//! - every record is an enum whose variant is its version: an older variant is migrated,
//!   one that does not decode (garbled, newer, another type) is kept aside with a copy of
//!   the file, removed, and replaced by defaults; the player is told once;
//! - a stored game is replayed move by move through the rules, never trusted as raw
//!   positions or moves;
//! - records are written when they change, never every frame.

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use bevy::app::AppExit;
use bevy::prelude::*;
use bevy::window::{AppLifecycle, WindowCloseRequested};
use bevy_pkv::PkvStore;

use super::i18n::Lang;
use super::model::{GameOver, GameResult, GameSetup, Opponent, Session};
use super::settings::{Animation, Settings, Theme, carry_change};
use crate::rules::game::GameRecord;
use crate::rules::{Colour, Game};

/// The store's file inside its folder (bevy_pkv's name for it).
pub const FILE: &str = "bevy_pkv.redb";
const SETTINGS: &str = "settings";
const GAME: &str = "game";
const HISTORY: &str = "history";
/// The history keeps the newest finished games, at least this many.
pub const HISTORY_LEN: usize = 1000;

/// The folder progress is kept in: the one given (`--data-dir`), else the platform's data
/// folder for the game: the app's internal data folder on Android (bevy_pkv's own default
/// panics there), Application Support inside the app's container on iOS and macOS, the
/// XDG data folder on Linux, `%APPDATA%` on Windows.
pub fn data_dir(chosen: Option<&Path>) -> PathBuf {
    if let Some(dir) = chosen {
        return dir.to_path_buf();
    }
    #[cfg(target_os = "android")]
    if let Some(dir) = bevy::android::ANDROID_APP.get().and_then(|app| app.internal_data_path()) {
        return dir;
    }
    let home = std::env::var_os("HOME").map(PathBuf::from);
    // (on iOS, HOME is the app's own container)
    if cfg!(any(target_os = "macos", target_os = "ios")) {
        if let Some(home) = home {
            return home.join("Library/Application Support/org.dokuz-tas.Dokuz-Tas");
        }
    } else if cfg!(target_os = "windows") {
        if let Some(app_data) = std::env::var_os("APPDATA") {
            return PathBuf::from(app_data).join("Dokuz Tas").join("data");
        }
    } else if let Some(data) = std::env::var_os("XDG_DATA_HOME").filter(|d| !d.is_empty()) {
        return PathBuf::from(data).join("dokuz-tas");
    } else if let Some(home) = home {
        return home.join(".local/share/dokuz-tas");
    }
    PathBuf::from("dokuz-tas-data")
}

/// The settings record. Its variant is its version: a change of `Settings` adds a variant
/// with a frozen copy of the old shape and a migration.
#[derive(serde::Serialize, serde::Deserialize)]
enum SettingsRecord {
    V1(SettingsV1),
    /// Adds the learning mode.
    V2(Settings),
}

/// The settings as the first version kept them (frozen: never change this shape).
#[derive(serde::Serialize, serde::Deserialize)]
struct SettingsV1 {
    lang: Lang,
    theme: Theme,
    animation: Animation,
    sound: bool,
    setup: GameSetup,
}

impl From<SettingsV1> for Settings {
    fn from(v1: SettingsV1) -> Settings {
        let SettingsV1 { lang, theme, animation, sound, setup } = v1;
        Settings { lang, theme, animation, sound, setup, learning: false }
    }
}

/// The game in progress: who plays what, the game number, the moves and the redo list.
#[derive(serde::Serialize, serde::Deserialize)]
enum GameInProgress {
    V1 { id: u64, opponent: Opponent, human: Colour, number: u32, resigned: Option<Colour>, game: GameRecord },
}

/// A finished game as the history keeps it.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct FinishedGame {
    /// The game's id: a game is recorded once, whatever happens after its end.
    pub id: u64,
    /// When it ended, in seconds since 1970.
    pub ended: u64,
    pub opponent: Opponent,
    /// The player's colour against the computer; none in a two-player game.
    pub human: Option<Colour>,
    pub result: GameResult,
    pub game: GameRecord,
}

#[derive(serde::Serialize, serde::Deserialize)]
enum HistoryRecord {
    V1(Vec<FinishedGame>),
    /// Since the history can be reset: the finished game on screen when it was reset is
    /// not recorded again on the next start.
    V2 {
        games: Vec<FinishedGame>,
        forgotten: Option<u64>,
    },
}

/// The open store, or none when even a fresh one could not be opened (the game then
/// keeps nothing and says so).
#[derive(Resource)]
pub struct Store {
    pkv: Option<PkvStore>,
    pub dir: PathBuf,
    /// The finished game that was on screen when the history was reset: never recorded.
    forgotten: Option<u64>,
    /// Where damaged data was kept aside (or what could not be done), for the player (told once).
    pub damage: Vec<String>,
}

fn now_secs() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

/// Opens the store in `dir` under `catch_unwind` (bevy_pkv panics on a damaged file),
/// without printing the panic.
fn try_open(dir: &Path) -> Option<PkvStore> {
    // The panic hook is the process's: one swap at a time.
    static HOOK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _one = HOOK.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let opened = std::panic::catch_unwind(|| PkvStore::new_in_dir(dir)).ok();
    std::panic::set_hook(hook);
    opened
}

impl Store {
    /// Opens (or creates) the store in `dir`; a damaged file is moved aside.
    pub fn open(dir: &Path) -> Store {
        let mut store = Store { pkv: None, dir: dir.to_path_buf(), forgotten: None, damage: Vec::new() };
        if let Err(e) = std::fs::create_dir_all(dir) {
            store.damage.push(format!("cannot create {}: {e}", dir.display()));
            return store;
        }
        store.pkv = try_open(dir);
        if store.pkv.is_none() {
            let aside = store.aside_name("unreadable");
            match std::fs::rename(dir.join(FILE), &aside) {
                Ok(()) => store.damage.push(aside.display().to_string()),
                Err(e) => store.damage.push(format!("{}: {e}", dir.join(FILE).display())),
            }
            store.pkv = try_open(dir);
        }
        store
    }

    /// Whether the store is open (and so keeps what is saved).
    pub fn is_open(&self) -> bool {
        self.pkv.is_some()
    }

    fn aside_name(&self, why: &str) -> PathBuf {
        self.dir.join(format!("{FILE}.damaged-{}-{why}", now_secs()))
    }

    /// A record that does not decode: a copy of the whole file is kept aside, the record
    /// removed (defaults take its place).
    fn set_aside(&mut self, key: &str) {
        let aside = self.aside_name(&format!("{key}-record"));
        let kept = std::fs::copy(self.dir.join(FILE), &aside).is_ok();
        if let Some(pkv) = self.pkv.as_mut() {
            let _ = pkv.remove(key);
        }
        // what the player is shown: where the damaged data is kept
        self.damage.push(if kept { aside.display().to_string() } else { format!("{key}: {}", FILE) });
    }

    fn read<T: serde::de::DeserializeOwned>(&mut self, key: &str) -> Option<T> {
        let got = self.pkv.as_ref()?.get::<T>(key);
        match got {
            Ok(v) => Some(v),
            Err(bevy_pkv::GetError::NotFound) => None,
            Err(_) => {
                self.set_aside(key);
                None
            }
        }
    }

    fn write<T: serde::Serialize>(&mut self, key: &str, value: &T) {
        if let Some(pkv) = self.pkv.as_mut()
            && let Err(e) = pkv.set(key, value)
        {
            warn!("could not save the {key}: {e}");
        }
    }

    pub fn load_settings(&mut self) -> Option<Settings> {
        match self.read::<SettingsRecord>(SETTINGS)? {
            SettingsRecord::V1(old) => Some(old.into()),
            SettingsRecord::V2(s) => Some(s),
        }
    }

    pub fn save_settings(&mut self, settings: &Settings) {
        self.write(SETTINGS, &SettingsRecord::V2(settings.clone()));
    }

    /// The game in progress, replayed through the rules; a record that does not replay is
    /// set aside like an unreadable one.
    pub fn load_game(&mut self) -> Option<Session> {
        let GameInProgress::V1 { id, opponent, human, number, resigned, game } = self.read::<GameInProgress>(GAME)?;
        match Game::try_from(game) {
            Ok(game) => Some(Session { game, number, revision: 0, opponent, human, resigned, id, viewing: None }),
            Err(_) => {
                self.set_aside(GAME);
                None
            }
        }
    }

    /// The finished games, oldest first, as stored (read once at start: the `History`
    /// resource is the copy in memory from then on).
    pub fn history(&mut self) -> Vec<FinishedGame> {
        match self.read::<HistoryRecord>(HISTORY) {
            Some(HistoryRecord::V1(games)) => games,
            Some(HistoryRecord::V2 { games, forgotten }) => {
                self.forgotten = forgotten;
                games
            }
            None => Vec::new(),
        }
    }

    /// Adds the session's game to `games` (the history in memory) and to the store, if it
    /// is over and not there yet (a rematch, an undo after the end and a replay, or a
    /// restart never count it twice). Whether it was added.
    pub fn record_finished(&mut self, games: &mut Vec<FinishedGame>, session: &Session) -> bool {
        let Some(result) = session.result().filter(|_| session.viewing.is_none()) else { return false };
        if games.iter().any(|g| g.id == session.id) || self.forgotten == Some(session.id) {
            return false;
        }
        games.push(FinishedGame {
            id: session.id,
            ended: now_secs(),
            opponent: session.opponent,
            human: session.human_colour(),
            result,
            game: GameRecord::from(session.game.clone()),
        });
        let extra = games.len().saturating_sub(HISTORY_LEN);
        games.drain(..extra);
        self.write_history(games);
        true
    }

    /// Saves the game in progress (the one kept aside while a game of the history is
    /// open, if that is what is on screen).
    /// Deletes the history of finished games (in memory and in the store).
    /// `on_screen` is the game in progress (finished or not): if it is over, it stays out.
    pub fn clear_history(&mut self, games: &mut Vec<FinishedGame>, on_screen: Option<&Session>) {
        games.clear();
        self.forgotten = on_screen.filter(|s| s.is_over()).map(|s| s.id);
        self.write_history(games);
    }

    fn write_history(&mut self, games: &[FinishedGame]) {
        // (the record owns its list: one clone a change)
        self.write(HISTORY, &HistoryRecord::V2 { games: games.to_vec(), forgotten: self.forgotten });
    }

    pub fn save_game(&mut self, session: &Session) {
        let Some(session) = session.in_play() else { return };
        let record = GameInProgress::V1 {
            id: session.id,
            opponent: session.opponent,
            human: session.human,
            number: session.number,
            resigned: session.resigned,
            game: GameRecord::from(session.game.clone()),
        };
        self.write(GAME, &record);
    }
}

/// The settings as kept on the device (without this run's command-line values).
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct StoredSettings(pub Settings);

/// The finished games, oldest first, as kept in the store (read once, then kept current).
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct History(pub Vec<FinishedGame>);

/// The player asked to delete the history of finished games (asked first, on the
/// statistics screen).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct ResetHistory;

/// Damage found when the store was opened or read, for the menu to tell once.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct StoreNotice(pub Vec<String>);

/// Keeps progress in the store. Insert a `Store` before adding it; it loads the settings
/// (the command line's `Overridden` values on top) and the game in progress at once.
pub struct StorePlugin {
    pub launch: Settings,
    pub overridden: super::settings::Overridden,
}

impl Plugin for StorePlugin {
    fn build(&self, app: &mut App) {
        let Some(mut store) = app.world_mut().remove_resource::<Store>() else {
            return;
        };
        let stored = store.load_settings().unwrap_or_else(|| {
            let defaults = Settings::default();
            store.save_settings(&defaults);
            defaults
        });
        let settings = self.overridden.apply(&stored, &self.launch);
        let mut history = store.history();
        if app.world().get_resource::<Session>().is_none()
            && let Some(session) = store.load_game()
        {
            // a game that ended just before the app stopped is recorded now
            store.record_finished(&mut history, &session);
            app.insert_resource(session);
        }
        app.insert_resource(History(history));
        app.add_message::<WindowCloseRequested>().add_message::<AppLifecycle>().add_message::<ResetHistory>();
        app.insert_resource(StoreNotice(store.damage.clone()))
            .insert_resource(settings.clone())
            .insert_resource(StoredSettings(stored))
            .insert_resource(store)
            .add_systems(Last, (save_settings, (record_results, save_game).chain(), save_on_exit, reset_history));
    }
}

/// The player's changes (not the command line's) reach the store, when they happen.
fn save_settings(
    settings: Res<Settings>,
    mut stored: ResMut<StoredSettings>,
    mut store: ResMut<Store>,
    mut before: Local<Option<Settings>>,
) {
    let Some(previous) = before.as_ref() else {
        *before = Some(settings.clone());
        return;
    };
    if !settings.is_changed() || *previous == *settings {
        return;
    }
    let mut next = stored.0.clone();
    carry_change(&mut next, previous, &settings);
    *before = Some(settings.clone());
    if next != stored.0 {
        store.save_settings(&next);
        stored.0 = next;
    }
}

/// A game that has just ended goes into the history, before the game itself is saved (a
/// stop in between is caught on the next start).
fn record_results(
    mut over: MessageReader<GameOver>,
    session: Option<Res<Session>>,
    mut store: ResMut<Store>,
    mut history: ResMut<History>,
) {
    if over.read().count() > 0
        && let Some(session) = session
    {
        // `History` is marked changed only when a game was added
        if store.record_finished(&mut history.bypass_change_detection().0, &session) {
            history.set_changed();
        }
    }
}

/// The game is saved after every change of it (a move, undo, redo, resignation, a new game).
fn save_game(session: Option<Res<Session>>, mut store: ResMut<Store>) {
    if let Some(session) = session
        && session.is_changed()
    {
        store.save_game(&session);
    }
}

/// And once more when the window closes, the app exits or the phone suspends it.
fn save_on_exit(
    session: Option<Res<Session>>,
    mut store: ResMut<Store>,
    mut exits: MessageReader<AppExit>,
    mut closes: MessageReader<WindowCloseRequested>,
    mut lifecycle: MessageReader<AppLifecycle>,
) {
    let exiting = exits.read().count() > 0;
    let closing = closes.read().count() > 0;
    let suspending = lifecycle.read().any(|l| *l == AppLifecycle::WillSuspend);
    if (exiting || closing || suspending)
        && let Some(session) = session
    {
        store.save_game(&session);
    }
}

fn reset_history(
    mut asked: MessageReader<ResetHistory>,
    session: Option<Res<Session>>,
    mut store: ResMut<Store>,
    mut history: ResMut<History>,
) {
    if asked.read().count() > 0 {
        store.clear_history(&mut history.0, session.as_deref().and_then(Session::in_play));
    }
}
