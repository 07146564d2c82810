//! Every word on screen, in Turkish and English: one table per language, no strings
//! scattered through the systems.

use super::model::{EndReason, GameResult, Info};
use crate::ai::Level;
use crate::ai::endgame::Value;
use crate::ai::review::Grade;
use crate::rules::{Colour, Illegal, VariantKind};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub enum Lang {
    #[default]
    En,
    Tr,
}

impl Lang {
    /// The system language: Turkish when the locale says so, English otherwise. The
    /// locale variables first (a desktop user's choice for this run), then the
    /// platform's language (Android and iOS set no variables).
    pub fn from_system() -> Lang {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"]
            .iter()
            .filter_map(|v| std::env::var(v).ok())
            .find(|v| !v.is_empty())
            .or_else(sys_locale::get_locale)
            .unwrap_or_default();
        Lang::from_code(&locale).unwrap_or(Lang::En)
    }

    pub fn from_code(code: &str) -> Option<Lang> {
        let code = code.to_ascii_lowercase();
        if code.starts_with("tr") {
            Some(Lang::Tr)
        } else if code.starts_with("en") || code == "c" || code.starts_with("c.") || code == "posix" {
            Some(Lang::En)
        } else {
            None
        }
    }
}

/// Fixed words and phrases.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Word {
    Title,
    NewGame,
    Undo,
    Redo,
    Hint,
    Rematch,
    Moves,
    Settings,
    Opponent,
    Computer,
    TwoPlayers,
    Level,
    YourColour,
    Alternate,
    Variant,
    Flying,
    FlyingNextGame,
    Theme,
    Light,
    Dark,
    Language,
    Animation,
    Off,
    Slow,
    Normal,
    Fast,
    InHand,
    Lost,
    You,
    Continue,
    HowToPlay,
    Statistics,
    Rating,
    RatingLine,
    Levels,
    ResultsPerLevel,
    ShortestWin,
    Mills,
    Captured,
    ResetStats,
    ResetQuestion,
    ResetYes,
    TapToView,
    Review,
    Reviewing,
    NextMistake,
    Better,
    MoveOf,
    PlayAnyway,
    Learning,
    LearningHelp,
    Start,
    Back,
    Menu,
    Resign,
    ResignQuestion,
    ResignYes,
    NewGameQuestion,
    NewGameYes,
    Cancel,
    NextGame,
    Display,
    Sound,
    On,
    Move,
    StoreDamaged,
    Played,
    Won,
    Drawn,
    LostGames,
    Streak,
    BestStreak,
    NoGamesYet,
    Games,
    Plies,
    Thinking,
    MillTakePiece,
    HintShown,
    Draw,
}

pub fn word(lang: Lang, w: Word) -> &'static str {
    use Word::*;
    match (lang, w) {
        (Lang::Tr, Title) => "Klasik değirmen oyunu",
        (Lang::En, Title) => "Nine Men's Morris",
        (Lang::Tr, NewGame) => "Yeni oyun",
        (Lang::En, NewGame) => "New game",
        (Lang::Tr, Undo) => "Geri al",
        (Lang::En, Undo) => "Undo",
        (Lang::Tr, Redo) => "Yinele",
        (Lang::En, Redo) => "Redo",
        (Lang::Tr, Hint) => "İpucu",
        (Lang::En, Hint) => "Hint",
        (Lang::Tr, Rematch) => "Rövanş",
        (Lang::En, Rematch) => "Rematch",
        (Lang::Tr, Moves) => "Hamleler",
        (Lang::En, Moves) => "Moves",
        (Lang::Tr, Settings) => "Ayarlar",
        (Lang::En, Settings) => "Settings",
        (Lang::Tr, Opponent) => "Rakip",
        (Lang::En, Opponent) => "Opponent",
        (Lang::Tr, Computer) => "Bilgisayar",
        (Lang::En, Computer) => "Computer",
        (Lang::Tr, TwoPlayers) => "İki oyuncu",
        (Lang::En, TwoPlayers) => "Two players",
        (Lang::Tr, Level) => "Seviye",
        (Lang::En, Level) => "Level",
        (Lang::Tr, YourColour) => "Rengin",
        (Lang::En, YourColour) => "Your colour",
        (Lang::Tr, Alternate) => "Sırayla",
        (Lang::En, Alternate) => "Alternate",
        (Lang::Tr, Variant) => "Oyun",
        (Lang::En, Variant) => "Game",
        (Lang::Tr, Flying) => "Üç taşla uçma",
        (Lang::En, Flying) => "Flying with three pieces",
        (Lang::Tr, FlyingNextGame) => "Bu ayarlar bir sonraki oyunda geçerli olur.",
        (Lang::En, FlyingNextGame) => "These apply from the next game.",
        (Lang::Tr, Theme) => "Tema",
        (Lang::En, Theme) => "Theme",
        (Lang::Tr, Light) => "Açık",
        (Lang::En, Light) => "Light",
        (Lang::Tr, Dark) => "Koyu",
        (Lang::En, Dark) => "Dark",
        (Lang::Tr, Language) => "Dil",
        (Lang::En, Language) => "Language",
        (Lang::Tr, Animation) => "Animasyon",
        (Lang::En, Animation) => "Animation",
        (Lang::Tr, Off) => "Kapalı",
        (Lang::En, Off) => "Off",
        (Lang::Tr, Slow) => "Yavaş",
        (Lang::En, Slow) => "Slow",
        (Lang::Tr, Normal) => "Normal",
        (Lang::En, Normal) => "Normal",
        (Lang::Tr, Fast) => "Hızlı",
        (Lang::En, Fast) => "Fast",
        (Lang::Tr, InHand) => "Elde",
        (Lang::En, InHand) => "In hand",
        (Lang::Tr, Lost) => "Kayıp",
        (Lang::En, Lost) => "Lost",
        (Lang::Tr, You) => "Sen",
        (Lang::En, You) => "You",
        (Lang::Tr, Continue) => "Devam et",
        (Lang::En, Continue) => "Continue",
        (Lang::Tr, HowToPlay) => "Nasıl oynanır",
        (Lang::En, HowToPlay) => "How to play",
        (Lang::Tr, Statistics) => "İstatistikler",
        (Lang::En, Statistics) => "Statistics",
        (Lang::Tr, Rating) => "Puanın",
        (Lang::En, Rating) => "Your rating",
        (Lang::Tr, RatingLine) => "Bilgisayara karşı her oyundan sonra puanın",
        (Lang::En, RatingLine) => "Your rating after each game against the computer",
        (Lang::Tr, Levels) => "Seviyeler",
        (Lang::En, Levels) => "The levels",
        (Lang::Tr, ResultsPerLevel) => "Seviyelere karşı sonuçların",
        (Lang::En, ResultsPerLevel) => "Your results against each level",
        (Lang::Tr, ShortestWin) => "En kısa galibiyet",
        (Lang::En, ShortestWin) => "Shortest win",
        (Lang::Tr, Mills) => "Dize",
        (Lang::En, Mills) => "Mills",
        (Lang::Tr, Captured) => "Alınan taş",
        (Lang::En, Captured) => "Captured",
        (Lang::Tr, ResetStats) => "İstatistikleri sil",
        (Lang::En, ResetStats) => "Reset statistics",
        (Lang::Tr, ResetQuestion) => "Tüm oyun geçmişi, istatistikler ve puanın silinsin mi? Geri alınamaz.",
        (Lang::En, ResetQuestion) => "Delete the whole history, the statistics and your rating? This cannot be undone.",
        (Lang::Tr, ResetYes) => "Evet, sil",
        (Lang::En, ResetYes) => "Yes, delete",
        (Lang::Tr, TapToView) => "Bir oyuna dokun: tahtada hamle hamle gez ve incele.",
        (Lang::En, TapToView) => "Tap a game to step through it on the board and review it.",
        (Lang::Tr, Review) => "İncele",
        (Lang::En, Review) => "Review",
        (Lang::Tr, Reviewing) => "İnceleniyor",
        (Lang::En, Reviewing) => "Reviewing",
        (Lang::Tr, NextMistake) => "Sonraki hata",
        (Lang::En, NextMistake) => "Next mistake",
        (Lang::Tr, Better) => "daha iyisi",
        (Lang::En, Better) => "better",
        (Lang::Tr, PlayAnyway) => "Yine de oyna",
        (Lang::En, PlayAnyway) => "Play it",
        (Lang::Tr, Learning) => "Öğrenme kipi",
        (Lang::En, Learning) => "Learning mode",
        (Lang::Tr, LearningHelp) => "Büyük bir hata olacak hamleden önce oyun sorar ve daha iyisini söyler.",
        (Lang::En, LearningHelp) => "Before a move that would be a blunder, the game asks and names a better one.",
        (Lang::Tr, MoveOf) => "Hamle",
        (Lang::En, MoveOf) => "Move",
        (Lang::Tr, Played) => "Oynanan",
        (Lang::En, Played) => "Played",
        (Lang::Tr, Won) => "Kazanılan",
        (Lang::En, Won) => "Won",
        (Lang::Tr, Drawn) => "Berabere",
        (Lang::En, Drawn) => "Drawn",
        (Lang::Tr, LostGames) => "Kaybedilen",
        (Lang::En, LostGames) => "Lost",
        (Lang::Tr, Streak) => "Üst üste galibiyet",
        (Lang::En, Streak) => "Winning streak",
        (Lang::Tr, BestStreak) => "En iyisi",
        (Lang::En, BestStreak) => "best",
        (Lang::Tr, Games) => "Oyunlar",
        (Lang::En, Games) => "Games",
        (Lang::Tr, Plies) => "hamle",
        (Lang::En, Plies) => "moves",
        (Lang::Tr, NoGamesYet) => "Henüz biten oyun yok: bir oyun bitirince burada sayılır.",
        (Lang::En, NoGamesYet) => "No finished games yet: each one you finish is counted here.",
        (Lang::Tr, Start) => "Başla",
        (Lang::En, Start) => "Start",
        (Lang::Tr, Back) => "Geri",
        (Lang::En, Back) => "Back",
        (Lang::Tr, Menu) => "Menü",
        (Lang::En, Menu) => "Menu",
        (Lang::Tr, Resign) => "Pes et",
        (Lang::En, Resign) => "Resign",
        (Lang::Tr, ResignQuestion) => "Oyunu bırakıp yenilgiyi kabul ediyor musun?",
        (Lang::En, ResignQuestion) => "Give up this game? It counts as a loss.",
        (Lang::Tr, ResignYes) => "Evet, pes et",
        (Lang::En, ResignYes) => "Yes, resign",
        (Lang::Tr, NewGameQuestion) => "Yeni oyun başlasın mı? Süren oyun silinir.",
        (Lang::En, NewGameQuestion) => "Start a new game? The game in progress is lost.",
        (Lang::Tr, NewGameYes) => "Evet, yeni oyun",
        (Lang::En, NewGameYes) => "Yes, new game",
        (Lang::Tr, Cancel) => "Vazgeç",
        (Lang::En, Cancel) => "Cancel",
        (Lang::Tr, NextGame) => "Sonraki oyun",
        (Lang::En, NextGame) => "Next game",
        (Lang::Tr, Display) => "Görünüm",
        (Lang::En, Display) => "Display",
        (Lang::Tr, Sound) => "Ses",
        (Lang::En, Sound) => "Sound",
        (Lang::Tr, On) => "Açık",
        (Lang::En, On) => "On",
        (Lang::Tr, StoreDamaged) => {
            "Kayıtlı veriler okunamadı: bozuk dosya bir kenara alındı, varsayılan ayarlar kullanılıyor."
        }
        (Lang::En, StoreDamaged) => {
            "Saved data could not be read: the damaged file was kept aside and defaults are in use."
        }
        (Lang::Tr, Move) => "Hamle",
        (Lang::En, Move) => "Move",
        (Lang::Tr, Thinking) => "Bilgisayar düşünüyor…",
        (Lang::En, Thinking) => "The computer is thinking…",
        (Lang::Tr, MillTakePiece) => "Dize! Bir taş al",
        (Lang::En, MillTakePiece) => "Mill! Take a piece",
        (Lang::Tr, HintShown) => "İpucu (tahtada mor halkayla):",
        (Lang::En, HintShown) => "Hint (ringed in purple on the board):",
        (Lang::Tr, Draw) => "Berabere!",
        (Lang::En, Draw) => "Draw!",
    }
}

/// What the endgame tables know of a position with `side` to move: who wins in how many
/// plies (a ply is one player's move, which is what players call a move), or a draw.
pub fn known_result(lang: Lang, side: Colour, value: Value) -> String {
    let wins = |c: Colour, plies: u16| match lang {
        Lang::Tr => format!("{} {plies} hamlede kazanır", colour(lang, c)),
        Lang::En => format!("{} wins in {plies}", colour(lang, c)),
    };
    match value {
        Value::Win { plies } => wins(side, plies),
        Value::Loss { plies } => wins(side.opponent(), plies),
        Value::Draw => match lang {
            Lang::Tr => "doğru oynanırsa berabere".to_string(),
            Lang::En => "a draw with best play".to_string(),
        },
    }
}

pub fn colour(lang: Lang, c: Colour) -> &'static str {
    match (lang, c) {
        (Lang::Tr, Colour::White) => "Beyaz",
        (Lang::Tr, Colour::Black) => "Siyah",
        (Lang::En, Colour::White) => "White",
        (Lang::En, Colour::Black) => "Black",
    }
}

/// Learning mode's question before a blunder, naming the better move if there is one.
pub fn blunder_question(lang: Lang, better: Option<&str>) -> String {
    match (lang, better) {
        (Lang::Tr, Some(b)) => format!("Bu hamle büyük bir hata. Daha iyisi: {b}. Yine de oynansın mı?"),
        (Lang::Tr, None) => "Bu hamle büyük bir hata. Yine de oynansın mı?".to_string(),
        (Lang::En, Some(b)) => format!("This move is a blunder. Better: {b}. Play it anyway?"),
        (Lang::En, None) => "This move is a blunder. Play it anyway?".to_string(),
    }
}

/// A reviewed move's grade.
pub fn grade(lang: Lang, g: Grade) -> &'static str {
    match (lang, g) {
        (Lang::Tr, Grade::Best) => "en iyi hamle",
        (Lang::Tr, Grade::Good) => "iyi",
        (Lang::Tr, Grade::Inaccuracy) => "eksik",
        (Lang::Tr, Grade::Mistake) => "hata",
        (Lang::Tr, Grade::Blunder) => "büyük hata",
        (Lang::Tr, Grade::ThrowsWin) => "kazancı kaçırır",
        (Lang::Tr, Grade::ThrowsDraw) => "beraberliği kaçırır",
        (Lang::En, Grade::Best) => "best",
        (Lang::En, Grade::Good) => "good",
        (Lang::En, Grade::Inaccuracy) => "inaccuracy",
        (Lang::En, Grade::Mistake) => "mistake",
        (Lang::En, Grade::Blunder) => "blunder",
        (Lang::En, Grade::ThrowsWin) => "throws away the win",
        (Lang::En, Grade::ThrowsDraw) => "throws away the draw",
    }
}

pub fn level(lang: Lang, l: Level) -> &'static str {
    match (lang, l) {
        (Lang::Tr, Level::Easy) => "Kolay",
        (Lang::Tr, Level::Medium) => "Orta",
        (Lang::Tr, Level::Hard) => "Zor",
        (Lang::Tr, Level::Master) => "Usta",
        (Lang::En, Level::Easy) => "Easy",
        (Lang::En, Level::Medium) => "Medium",
        (Lang::En, Level::Hard) => "Hard",
        (Lang::En, Level::Master) => "Master",
    }
}

pub fn variant(lang: Lang, v: VariantKind) -> &'static str {
    match (lang, v) {
        (Lang::Tr, VariantKind::Nine) => "Dokuz Taş",
        (Lang::Tr, VariantKind::Six) => "Altı Taş",
        (Lang::Tr, VariantKind::Five) => "Beş Taş",
        (Lang::Tr, VariantKind::Twelve) => "Oniki Taş",
        (Lang::En, VariantKind::Nine) => "Nine Men's Morris",
        (Lang::En, VariantKind::Six) => "Six Men's Morris",
        (Lang::En, VariantKind::Five) => "Five Men's Morris",
        (Lang::En, VariantKind::Twelve) => "Twelve Men's Morris",
    }
}

/// What the player to move is asked to do.
pub fn to_move(lang: Lang, c: Colour, placing: bool, flying: bool) -> String {
    let who = colour(lang, c);
    match (lang, placing, flying) {
        (Lang::Tr, true, _) => format!("{who} oynar: boş bir noktaya taş koy"),
        (Lang::Tr, false, true) => format!("{who} oynar: bir taşı istediğin boş noktaya uçur"),
        (Lang::Tr, false, false) => format!("{who} oynar: bir taşı komşu boş noktaya kaydır"),
        (Lang::En, true, _) => format!("{who} to move: place a piece on an empty point"),
        (Lang::En, false, true) => format!("{who} to move: fly a piece to any empty point"),
        (Lang::En, false, false) => format!("{who} to move: slide a piece to a neighbouring point"),
    }
}

/// The headline and the reason of a finished game, e.g. «Beyaz kazandı!» and «Siyah için
/// yalnızca iki taş kaldı.»
/// Against the computer (`human` given) the headline speaks to the player: «Kazandın!».
pub fn result(lang: Lang, result: GameResult, human: Option<Colour>) -> (String, String) {
    let Some(winner) = result.winner else {
        let why = match (lang, result.reason) {
            (Lang::Tr, EndReason::Repetition) => "Aynı konum üç kez geldi.",
            (Lang::Tr, EndReason::FiftyMoves) => "50 hamle boyunca taş alınmadı.",
            (Lang::Tr, EndReason::FullBoard) => "Yerleştirme bittiğinde tahta dolu.",
            (Lang::En, EndReason::Repetition) => "The same position came up three times.",
            (Lang::En, EndReason::FiftyMoves) => "50 moves without a capture.",
            (Lang::En, EndReason::FullBoard) => "The board is full when placing ends.",
            (_, _) => "",
        };
        return (word(lang, Word::Draw).to_string(), why.to_string());
    };
    let loser = colour(lang, winner.opponent());
    let head = match (lang, human) {
        (Lang::Tr, Some(h)) if h == winner => "Kazandın!".to_string(),
        (Lang::Tr, Some(_)) => "Kaybettin.".to_string(),
        (Lang::En, Some(h)) if h == winner => "You win!".to_string(),
        (Lang::En, Some(_)) => "You lose.".to_string(),
        (Lang::Tr, None) => format!("{} kazandı!", colour(lang, winner)),
        (Lang::En, None) => format!("{} wins!", colour(lang, winner)),
    };
    let why = match (lang, result.reason) {
        (Lang::Tr, EndReason::TwoPieces) => format!("{loser} için yalnızca iki taş kaldı."),
        (Lang::Tr, EndReason::Blocked) => format!("{loser} için oynanacak hamle kalmadı."),
        (Lang::Tr, EndReason::Resigned) => format!("{loser} pes etti."),
        (Lang::En, EndReason::TwoPieces) => format!("{loser} has only two pieces left."),
        (Lang::En, EndReason::Blocked) => format!("{loser} has no legal move left."),
        (Lang::En, EndReason::Resigned) => format!("{loser} resigned."),
        (_, _) => String::new(),
    };
    (head, why)
}

/// A short message that is not a refusal.
pub fn info(lang: Lang, i: Info) -> &'static str {
    match (lang, i) {
        (Lang::Tr, Info::DoubleMill) => "Çift dize! Yine de yalnız bir taş alınır.",
        (Lang::En, Info::DoubleMill) => "Double mill! It still takes only one piece.",
        (Lang::Tr, Info::ComputersTurn) => "Sıra bilgisayarda.",
        (Lang::En, Info::ComputersTurn) => "It is the computer's turn.",
        (Lang::Tr, Info::SelectPieceFirst) => "Önce kendi taşlarından birine dokun.",
        (Lang::En, Info::SelectPieceFirst) => "Tap one of your own pieces first.",
        (Lang::Tr, Info::Checking) => "Hamlen denetleniyor…",
        (Lang::En, Info::Checking) => "Checking your move…",
        (Lang::Tr, Info::Viewing) => "Bu bitmiş bir oyun: hamleler arasında ◀ ▶ ile gez.",
        (Lang::En, Info::Viewing) => "This is a finished game: step through it with ◀ ▶.",
    }
}

/// Why a tap was refused, in the player's words. `can_fly` tells whether the variant
/// flies at all (six and five never do).
pub fn explain(lang: Lang, why: Illegal, can_fly: bool) -> &'static str {
    match (lang, why) {
        (Lang::Tr, Illegal::GameOver) => "Oyun bitti.",
        (Lang::En, Illegal::GameOver) => "The game is over.",
        (Lang::Tr, Illegal::MustPlace) => "Önce elindeki taşları yerleştir: boş bir noktaya dokun.",
        (Lang::En, Illegal::MustPlace) => "Place the pieces in your hand first: tap an empty point.",
        (_, Illegal::NothingToPlace | Illegal::NoPieceAt(_)) => info(lang, Info::SelectPieceFirst),
        (Lang::Tr, Illegal::Occupied(_)) => "Bu nokta dolu.",
        (Lang::En, Illegal::Occupied(_)) => "That point is taken.",
        (Lang::Tr, Illegal::NotYourPiece(_)) => "Bu taş rakibinin.",
        (Lang::En, Illegal::NotYourPiece(_)) => "That piece is your opponent's.",
        (Lang::Tr, Illegal::NotNeighbour { .. }) => {
            "Taş çizgi boyunca komşu boş noktaya kayar: atlamak ve çapraz gitmek yok."
        }
        (Lang::En, Illegal::NotNeighbour { .. }) => {
            "A piece slides along a line to a neighbouring empty point: no jumping, no diagonals."
        }
        (Lang::Tr, Illegal::FlyingOff) if !can_fly => "Bu oyunda taşlar uçmaz: yalnız komşu noktaya kayar.",
        (Lang::En, Illegal::FlyingOff) if !can_fly => {
            "Pieces never fly in this game: they slide to a neighbouring point."
        }
        (Lang::Tr, Illegal::FlyingOff) => "Bu oyunda uçma kapalı: üç taşla da yalnız komşu noktaya gidilir.",
        (Lang::En, Illegal::FlyingOff) => {
            "Flying is off in this game: even with three pieces you slide to a neighbour."
        }
        (Lang::Tr, Illegal::CaptureRequired) => word(lang, Word::MillTakePiece),
        (Lang::En, Illegal::CaptureRequired) => word(lang, Word::MillTakePiece),
        (Lang::Tr, Illegal::NoMill) => "Yalnız dize kuran hamle taş alır.",
        (Lang::En, Illegal::NoMill) => "Only a move that closes a mill takes a piece.",
        (Lang::Tr, Illegal::CaptureNotOpponent(_)) => "Rakibinin taşlarından birini seç.",
        (Lang::En, Illegal::CaptureNotOpponent(_)) => "Choose one of your opponent's pieces.",
        (Lang::Tr, Illegal::CaptureProtected(_)) => "Dizedeki taş alınamaz: önce dize dışındaki bir taşı al.",
        (Lang::En, Illegal::CaptureProtected(_)) => {
            "A piece in a mill is protected while others are free: take one outside a mill."
        }
    }
}
