//! The "How to play" screen's content, in Turkish and English: pure data, no Bevy.
//!
//! Each section has a title, a few short paragraphs and a small board diagram. Both
//! languages share the same diagrams and say the same things. The rules follow
//! `shared/docs/rules.md`; every diagram is checked by the tests below (a legal nine men's
//! morris position with flying on, and moves legal one after another).

use super::i18n::Lang;

/// One section of the how-to-play screen: a title, short paragraphs, and a small board.
pub struct Section {
    pub title: &'static str,
    pub paragraphs: &'static [&'static str],
    pub diagram: Diagram,
}

/// A small nine men's morris board drawn beside the text: a legal position, the moves
/// played out on it one after another (animated, then it starts over), and the points
/// to ring in colour.
pub struct Diagram {
    /// Position text, nine men's morris with flying on.
    pub position: &'static str,
    /// Move texts legal in sequence from `position` (may be empty).
    pub moves: &'static [&'static str],
    /// Point names to highlight (may be empty).
    pub marks: &'static [&'static str],
    /// One short line under the board.
    pub caption: &'static str,
}

/// The menu's board: White places the last piece of a mill and takes one, over and over.
pub const EMBLEM: Diagram =
    Diagram { position: "W:a7,d7,f4 B:a1,b4,g1 w 1 1 0", moves: &["g7xb4"], marks: &[], caption: "" };

/// The sections in reading order for `lang`.
pub fn sections(lang: Lang) -> &'static [Section] {
    match lang {
        Lang::En => EN,
        Lang::Tr => TR,
    }
}

// ---------------------------------------------------------------------------------------
// Diagrams: positions and moves shared by both languages (captions are per language).
// ---------------------------------------------------------------------------------------

/// The goal: White's slide leaves Black with no legal move.
const GOAL_POSITION: &str = "W:a4,d2,d7,g4 B:a1,a7,g1,g7 w";
const GOAL_MOVES: &[&str] = &["d2-d1"];
const GOAL_MARKS: &[&str] = &["a1", "a7", "g1", "g7"];

/// Placing from the empty board; the marked points have four neighbours each.
const PLACING_POSITION: &str = "W: B: w 9 9 0";
const PLACING_MOVES: &[&str] = &["d6", "d2", "f4", "b4", "f6", "b2"];
const PLACING_MARKS: &[&str] = &["d6", "f4", "d2", "b4"];

/// Sliding: d6 has three empty neighbours; Black then slides into d6.
const MOVING_POSITION: &str = "W:a7,b4,d6,e3,f4,g1 B:a1,b6,c5,d2,f2,g7 w";
const MOVING_MOVES: &[&str] = &["d6-d5", "b6-d6"];
const MOVING_MARKS: &[&str] = &["d7", "f6", "d5"];

/// Flying: Black, down to three pieces, flies across the board to block a7-d7-g7.
const FLYING_POSITION: &str = "W:a7,b4,d2,d7,f4 B:c3,e5,g1 b";
const FLYING_MOVES: &[&str] = &["c3-g7"];
const FLYING_MARKS: &[&str] = &["g7"];

/// Mills: White closes a7-d7-g7; Black's a1-d1-g1 mill is protected, so e4 goes.
const MILL_POSITION: &str = "W:a7,b4,d3,d7,g4 B:a1,d1,e4,f6,g1 w";
const MILL_MOVES: &[&str] = &["g4-g7xe4"];
const MILL_MARKS: &[&str] = &["a1", "d1", "g1"];

/// Threefold repetition: two pieces step back and forth until the start comes back a third time.
const DRAW_POSITION: &str = "W:a1,b6,d5,e4,f2 B:a4,b2,c3,d7,g4 w";
const DRAW_MOVES: &[&str] = &["e4-e5", "g4-g7", "e5-e4", "g7-g4", "e4-e5", "g4-g7", "e5-e4", "g7-g4"];
const DRAW_MARKS: &[&str] = &["e4", "g4"];

/// The worked example of rules.md: three against three, White to move flies into a mill.
const EXAMPLE_POSITION: &str = "W:a7,d7,f2 B:a1,d1,e4 w";
const EXAMPLE_MOVES: &[&str] = &["f2-g7xa1"];
const EXAMPLE_MARKS: &[&str] = &["a7", "d7", "g7"];

// ---------------------------------------------------------------------------------------
// English
// ---------------------------------------------------------------------------------------

const EN: &[Section] = &[
    Section {
        title: "The board and the goal",
        paragraphs: &[
            "The board is three squares, one inside the other, joined at the middle of their sides. \
             Pieces stand on the 24 points where lines meet. Three neighbouring points on one line form a mill.",
            "You win when your opponent is down to two pieces, or has no legal move on their turn.",
            "The game also has Six and Five Men's Morris, on a smaller 16-point board without flying, \
             and Twelve Men's Morris, which adds diagonal lines.",
        ],
        diagram: Diagram {
            position: GOAL_POSITION,
            moves: GOAL_MOVES,
            marks: GOAL_MARKS,
            caption: "White plays d2-d1: Black can't move, so White wins.",
        },
    },
    Section {
        title: "Placing",
        paragraphs: &[
            "Each player has nine pieces. White starts. Take turns to place one piece on any empty point.",
            "Placing goes on until both players have placed all nine. You can already close a mill while placing.",
            "Tip: the marked points have four neighbours each. Pieces there are hard to block later.",
        ],
        diagram: Diagram {
            position: PLACING_POSITION,
            moves: PLACING_MOVES,
            marks: PLACING_MARKS,
            caption: "White and Black place one piece each, in turn.",
        },
    },
    Section {
        title: "Moving",
        paragraphs: &[
            "Once all pieces are placed, each turn you slide one of your pieces along a line \
             to a neighbouring empty point.",
            "Pieces can't jump, can't go diagonally and can't land on a taken point. \
             You must move: if none of your pieces can, you lose.",
        ],
        diagram: Diagram {
            position: MOVING_POSITION,
            moves: MOVING_MOVES,
            marks: MOVING_MARKS,
            caption: "d6 can slide to a marked point; then Black slides into d6.",
        },
    },
    Section {
        title: "Flying",
        paragraphs: &[
            "A player down to three pieces may fly: move a piece to any empty point, not just a neighbouring one.",
            "Flying is on by default. You can turn off \u{201c}Flying with three pieces\u{201d} in Settings; \
             the change counts from the next game. Six and Five Men's Morris never fly.",
        ],
        diagram: Diagram {
            position: FLYING_POSITION,
            moves: FLYING_MOVES,
            marks: FLYING_MARKS,
            caption: "Black has three pieces and flies c3-g7 to block White's mill.",
        },
    },
    Section {
        title: "Mills and taking pieces",
        paragraphs: &[
            "Bring three of your pieces onto one line and you have a mill. \
             Each new mill lets you take one of your opponent's pieces. A taken piece never comes back.",
            "Pieces in a mill are protected: if your opponent has pieces outside mills, take one of those. \
             Only when all their pieces are in mills may you take one from a mill.",
            "Closing two mills at once still takes only one piece. \
             Opening a mill and closing it again later counts as a new mill.",
        ],
        diagram: Diagram {
            position: MILL_POSITION,
            moves: MILL_MOVES,
            marks: MILL_MARKS,
            caption: "White's new mill takes e4: a1-d1-g1 is protected.",
        },
    },
    Section {
        title: "Draws",
        paragraphs: &[
            "It's a draw when the same position, with the same player to move, comes up for the third time. \
             Only positions after placing count, and a capture starts the count again.",
            "It's also a draw after 50 moves in a row without a capture once placing is over. \
             Both players' moves count together.",
            "In Twelve Men's Morris, a full board when placing ends is a draw. \
             A move that wins is a win, even if it also brings a draw.",
        ],
        diagram: Diagram {
            position: DRAW_POSITION,
            moves: DRAW_MOVES,
            marks: DRAW_MARKS,
            caption: "The same position comes back a third time: draw.",
        },
    },
    Section {
        title: "Example: three against three",
        paragraphs: &[
            "White has a7, d7 and f2; Black has a1, d1 and e4. Both have three pieces, so both can fly. \
             White needs g7 for a mill, Black needs g1.",
            "White is to move: f2 flies to g7, closes a7-d7-g7 and takes a1. Black is down to two pieces, \
             so White wins. Had Black been to move, e4-g1 would have won for Black.",
            "With three against three, finishing your own mill comes before blocking theirs.",
        ],
        diagram: Diagram {
            position: EXAMPLE_POSITION,
            moves: EXAMPLE_MOVES,
            marks: EXAMPLE_MARKS,
            caption: "f2-g7 closes the mill and takes a1: White wins.",
        },
    },
];

// ---------------------------------------------------------------------------------------
// Türkçe
// ---------------------------------------------------------------------------------------

const TR: &[Section] = &[
    Section {
        title: "Tahta ve amaç",
        paragraphs: &[
            "Tahta, iç içe üç kareden ve bu karelerin kenar ortalarını birleştiren çizgilerden oluşur. \
             Taşlar, çizgilerin buluştuğu 24 noktaya konur. Bir çizgi üzerinde yan yana üç nokta bir dize oluşturur.",
            "Rakibini iki taşa düşürürsen ya da sırası geldiğinde onu hamlesiz bırakırsan kazanırsın.",
            "Oyunda ayrıca 16 noktalı küçük tahtada uçmadan oynanan Altı Taş ve Beş Taş ile \
             çapraz çizgileri olan Oniki Taş da var.",
        ],
        diagram: Diagram {
            position: GOAL_POSITION,
            moves: GOAL_MOVES,
            marks: GOAL_MARKS,
            caption: "Beyaz d2-d1 oynar: Siyah hiç hamle yapamaz, Beyaz kazanır.",
        },
    },
    Section {
        title: "Taş yerleştirme",
        paragraphs: &[
            "Her oyuncunun dokuz taşı vardır. İlk Beyaz oynar. Sırayla, tahtadaki herhangi bir boş noktaya \
             birer taş koyarsınız.",
            "Yerleştirme, iki oyuncu da dokuz taşını koyana kadar sürer. Taş koyarken de dize kurabilirsin.",
            "İpucu: işaretli noktaların dört komşusu vardır. Oraya konan taşlar sonradan kolayca kilitlenmez.",
        ],
        diagram: Diagram {
            position: PLACING_POSITION,
            moves: PLACING_MOVES,
            marks: PLACING_MARKS,
            caption: "Beyaz ve Siyah sırayla birer taş koyar.",
        },
    },
    Section {
        title: "Taş oynatma",
        paragraphs: &[
            "Bütün taşlar yerleştirilince, her hamlede bir taşını çizgi boyunca komşu boş noktaya kaydırırsın.",
            "Taş atlayamaz, çapraz gidemez, dolu noktaya giremez. Hamle zorunludur: \
             hiçbir taşını oynatamıyorsan kaybedersin.",
        ],
        diagram: Diagram {
            position: MOVING_POSITION,
            moves: MOVING_MOVES,
            marks: MOVING_MARKS,
            caption: "d6 işaretli bir noktaya kayabilir; ardından Siyah d6'ya kayar.",
        },
    },
    Section {
        title: "Üç taşla uçma",
        paragraphs: &[
            "Taşı üçe düşen oyuncu uçabilir: taşını yalnızca komşu noktaya değil, \
             herhangi bir boş noktaya götürebilir.",
            "Uçma varsayılan olarak açıktır. Ayarlar'da \u{201c}Üç taşla uçma\u{201d} seçeneğini kapatabilirsin; \
             değişiklik sonraki oyunda geçerli olur. Altı Taş ve Beş Taş'ta uçma yoktur.",
        ],
        diagram: Diagram {
            position: FLYING_POSITION,
            moves: FLYING_MOVES,
            marks: FLYING_MARKS,
            caption: "Üç taşı kalan Siyah, c3-g7 uçarak Beyaz'ın dizesini engeller.",
        },
    },
    Section {
        title: "Dize ve taş alma",
        paragraphs: &[
            "Kendi üç taşını bir çizgi üzerinde yan yana getirirsen dize kurarsın. \
             Her yeni dize, rakibin bir taşını almanı sağlar. Alınan taş geri gelmez.",
            "Dizedeki taşlar korunur: rakibin dizede olmayan taşı varsa onlardan birini almalısın. \
             Rakibin bütün taşları dizedeyse dizedeki bir taşı da alabilirsin.",
            "Aynı hamlede iki dize kurulsa da yalnızca bir taş alınır. \
             Bir dizeyi açıp sonra yeniden kapatmak yeni dize sayılır.",
        ],
        diagram: Diagram {
            position: MILL_POSITION,
            moves: MILL_MOVES,
            marks: MILL_MARKS,
            caption: "Beyaz dize kurup e4'ü alır; a1-d1-g1 dizesi korunuyor.",
        },
    },
    Section {
        title: "Beraberlik",
        paragraphs: &[
            "Aynı konum, sıra aynı oyuncudayken üçüncü kez oluşursa oyun berabere biter. \
             Yalnızca yerleştirme bittikten sonraki konumlar sayılır; taş alınınca sayım baştan başlar.",
            "Yerleştirme bittikten sonra art arda 50 hamle boyunca taş alınmazsa da oyun berabere biter. \
             İki oyuncunun hamleleri birlikte sayılır.",
            "Oniki Taş'ta yerleştirme bittiğinde tahta doluysa oyun berabere biter. \
             Bir hamle hem kazandırıyor hem beraberlik getiriyorsa kazanç sayılır.",
        ],
        diagram: Diagram {
            position: DRAW_POSITION,
            moves: DRAW_MOVES,
            marks: DRAW_MARKS,
            caption: "Aynı konum üçüncü kez geldi: berabere.",
        },
    },
    Section {
        title: "Örnek: üçe üç",
        paragraphs: &[
            "Beyaz a7, d7 ve f2'de; Siyah a1, d1 ve e4'te. İki tarafın da üç taşı kaldığı için ikisi de uçabilir. \
             Beyaz'ın dizesi için g7, Siyah'ınki için g1 boş.",
            "Sıra Beyaz'da: f2'den g7'ye uçar, a7-d7-g7 dizesini kurar ve a1'i alır. Siyah iki taşa düşer, \
             Beyaz kazanır. Sıra Siyah'ta olsaydı e4-g1 ile Siyah kazanırdı.",
            "Üçe üç oyunda kendi dizeni tamamlamak, rakibinkini engellemekten önce gelir.",
        ],
        diagram: Diagram {
            position: EXAMPLE_POSITION,
            moves: EXAMPLE_MOVES,
            marks: EXAMPLE_MARKS,
            caption: "f2-g7 dizeyi kurar, a1'i alır: Beyaz kazanır.",
        },
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Game, Rules, VariantKind};

    const LANGS: [Lang; 2] = [Lang::En, Lang::Tr];

    #[test]
    fn both_languages_have_the_same_sections_and_diagrams() {
        let (en, tr) = (sections(Lang::En), sections(Lang::Tr));
        assert_eq!(en.len(), tr.len());
        for (e, t) in en.iter().zip(tr) {
            assert_eq!(e.diagram.position, t.diagram.position, "{} / {}", e.title, t.title);
            assert_eq!(e.diagram.moves, t.diagram.moves, "{} / {}", e.title, t.title);
            assert_eq!(e.diagram.marks, t.diagram.marks, "{} / {}", e.title, t.title);
            assert_eq!(e.paragraphs.len(), t.paragraphs.len(), "{} / {}", e.title, t.title);
        }
    }

    #[test]
    fn text_is_short_and_present() {
        for lang in LANGS {
            let all = sections(lang);
            assert!(!all.is_empty());
            for s in all {
                assert!(!s.title.is_empty());
                assert!(!s.diagram.caption.is_empty(), "{}", s.title);
                assert!((1..=3).contains(&s.paragraphs.len()), "{}", s.title);
                for p in s.paragraphs {
                    let words = p.split_whitespace().count();
                    assert!((1..=45).contains(&words), "{}: {words} words in {p:?}", s.title);
                }
            }
        }
    }

    #[test]
    fn every_diagram_is_legal_and_its_moves_play() {
        let board = VariantKind::Nine.variant();
        let emblem = Section { title: "the menu's emblem", paragraphs: &[], diagram: EMBLEM };
        for lang in LANGS {
            for s in sections(lang).iter().chain([&emblem]) {
                let d = &s.diagram;
                let game = Game::from_text(Rules::new(VariantKind::Nine), Some(d.position));
                assert!(game.is_ok(), "{}: position {:?}: {:?}", s.title, d.position, game.as_ref().err());
                let Ok(mut game) = game else { continue };
                for m in d.moves {
                    let played = game.play_text(m);
                    assert!(played.is_ok(), "{}: move {m:?}: {:?}", s.title, played.err());
                }
                for mark in d.marks {
                    assert!(board.parse_point(mark).is_some(), "{}: mark {mark:?}", s.title);
                }
            }
        }
    }
}
