//! The board's geometry: the one mapping between screen pixels and board points that
//! mouse, touch, keyboard focus, drawing and the tests all use. Pure functions, then the
//! resources that hold the current layout.

use bevy::prelude::*;

use super::model::SafeArea;
use crate::rules::{Colour, Variant};

/// Margin around the outer square, in grid steps, for the coordinate letters.
const MARGIN: f32 = 1.0;
/// Width of the column (or height of the row) that holds one side's pieces in hand.
const HAND_BAND: f32 = 1.3;
/// Piece radius in grid steps (neighbouring points are at least one step apart).
pub const PIECE_RADIUS: f32 = 0.3;

/// Where the board sits on the screen. Screen coordinates are logical pixels from the
/// window's top-left corner, y down (as Bevy reports the cursor and touches); world
/// coordinates are those of the default 2D camera: the window centre at the origin, y
/// up, one unit per logical pixel. Board coordinates are grid steps from the board
/// centre, y up.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    pub window: Vec2,
    /// The board centre on the screen.
    pub centre: Vec2,
    /// Logical pixels per grid step.
    pub unit: f32,
    /// Hands left and right of the board (landscape) or above and below (portrait).
    pub landscape: bool,
    pub grid: u8,
    pub pieces: u8,
}

impl Layout {
    /// Fits the board and both hands into `area` (screen coordinates) of a window of
    /// `window` logical pixels.
    pub fn fit(window: Vec2, area: Rect, variant: &Variant) -> Layout {
        let span = (variant.grid - 1) as f32 + 2.0 * MARGIN;
        let landscape = area.width() >= area.height();
        let (w, h) = if landscape { (span + 2.0 * HAND_BAND, span) } else { (span, span + 2.0 * HAND_BAND) };
        let unit = (area.width() / w).min(area.height() / h).max(1.0);
        Layout { window, centre: area.center(), unit, landscape, grid: variant.grid, pieces: variant.pieces }
    }

    fn mid(&self) -> f32 {
        (self.grid - 1) as f32 / 2.0
    }

    /// Board coordinates of a point.
    pub fn point(&self, variant: &Variant, p: u8) -> Vec2 {
        let info = &variant.points[p as usize];
        Vec2::new(info.x as f32 - self.mid(), info.y as f32 - self.mid())
    }

    /// Board coordinates of the `k`-th piece in `colour`'s hand. White's hand is on the
    /// left (landscape) or at the bottom (portrait), nearest the player holding a phone.
    pub fn hand_slot(&self, colour: Colour, k: u8) -> Vec2 {
        let out = self.mid() + MARGIN + HAND_BAND / 2.0;
        let n = self.pieces.max(2) as f32;
        let spacing = ((self.grid - 1) as f32 / (n - 1.0)).min(0.75);
        let along = (k as f32 - (n - 1.0) / 2.0) * spacing;
        let sign = if colour == Colour::White { -1.0 } else { 1.0 };
        if self.landscape { Vec2::new(sign * out, -along) } else { Vec2::new(along, sign * out) }
    }

    /// Where the coordinate labels go: columns below the board, rows to its left.
    pub fn label_positions(&self) -> Vec<(String, Vec2)> {
        let mid = self.mid();
        // outside the board's plate (which reaches 0.55 beyond the outer square)
        let edge = mid + 0.8;
        let mut labels = Vec::new();
        for i in 0..self.grid {
            let t = i as f32 - mid;
            labels.push((((b'a' + i) as char).to_string(), Vec2::new(t, -edge)));
            labels.push(((i + 1).to_string(), Vec2::new(-edge, t)));
        }
        labels
    }

    pub fn to_screen(&self, board: Vec2) -> Vec2 {
        self.centre + Vec2::new(board.x, -board.y) * self.unit
    }

    pub fn to_world(&self, board: Vec2) -> Vec2 {
        let s = self.to_screen(board);
        Vec2::new(s.x - self.window.x / 2.0, self.window.y / 2.0 - s.y)
    }

    pub fn from_screen(&self, screen: Vec2) -> Vec2 {
        let d = (screen - self.centre) / self.unit;
        Vec2::new(d.x, -d.y)
    }

    /// The point under a screen position: the nearest point within half a grid step, so
    /// every point has the largest hit area that does not overlap its neighbours.
    pub fn point_at(&self, variant: &Variant, screen: Vec2) -> Option<u8> {
        let b = self.from_screen(screen);
        (0..variant.len() as u8)
            .map(|p| (p, self.point(variant, p).distance(b)))
            .filter(|&(_, d)| d <= 0.5)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(p, _)| p)
    }

    pub fn screen_of_point(&self, variant: &Variant, p: u8) -> Vec2 {
        self.to_screen(self.point(variant, p))
    }

    /// The screen rectangle the board, its coordinates and both hands take.
    pub fn bounds(&self) -> Rect {
        let half = self.mid() + MARGIN;
        let (hx, hy) = if self.landscape { (half + HAND_BAND, half) } else { (half, half + HAND_BAND) };
        Rect::from_center_half_size(self.centre, Vec2::new(hx, hy) * self.unit)
    }
}

/// The game screen's fixed regions, in logical pixels. A pure function of the window
/// size: a message, a thinking sign or the end of the game changes what is drawn in a
/// region, never where the regions are, so nothing on the game screen ever jumps.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScreenLayout {
    /// Portrait: the status bar on top, the buttons at the bottom, the board between.
    /// Landscape: the board on the left, everything else in a side panel.
    pub portrait: bool,
    pub board: Rect,
    /// Whose turn it is, who plays which colour, pieces in hand and lost.
    pub status: Rect,
    /// The message slot (refusals, hints, the result once the game is over).
    pub message: Rect,
    /// The row (portrait) or grid (landscape) of buttons.
    pub buttons: Rect,
    /// How many buttons a row of `buttons` holds: five in portrait, two in landscape, three
    /// in a low landscape window (a phone on its side).
    pub button_cols: usize,
    /// Whether the status has room for a title line (the variant) above the turn.
    pub roomy: bool,
    /// The move list (landscape only).
    pub moves: Option<Rect>,
}

/// Height of a button a finger can hit: at least 48 logical pixels.
pub const TOUCH: f32 = 48.0;
pub const GAP: f32 = 8.0;

impl ScreenLayout {
    /// The regions of a window of `window` logical pixels with nothing covered.
    pub fn of(window: Vec2) -> ScreenLayout {
        ScreenLayout::within(window, SafeArea::default())
    }

    /// The regions inside the window's safe area: laid out for the safe part's size and
    /// moved into it.
    pub fn within(window: Vec2, safe: SafeArea) -> ScreenLayout {
        let area = safe.rect(window);
        let l = ScreenLayout::fill(area.size());
        let at = |r: Rect| Rect::from_corners(r.min + area.min, r.max + area.min);
        ScreenLayout {
            portrait: l.portrait,
            board: at(l.board),
            status: at(l.status),
            message: at(l.message),
            buttons: at(l.buttons),
            button_cols: l.button_cols,
            roomy: l.roomy,
            moves: l.moves.map(at),
        }
    }

    /// The regions of an area of `window` logical pixels from the origin.
    fn fill(window: Vec2) -> ScreenLayout {
        let (w, h) = (window.x.max(1.0), window.y.max(1.0));
        if h > w {
            let status = Rect::new(GAP, GAP, w - GAP, GAP + 108.0);
            let message = Rect::new(GAP, status.max.y + GAP / 2.0, w - GAP, status.max.y + GAP / 2.0 + 52.0);
            let buttons = Rect::new(GAP, h - GAP - TOUCH, w - GAP, h - GAP);
            let board = Rect::new(0.0, message.max.y, w, buttons.min.y - GAP / 2.0);
            ScreenLayout { portrait: true, board, status, message, buttons, button_cols: 5, roomy: false, moves: None }
        } else if h < 470.0 {
            // a phone on its side: the portrait's status and message, three buttons a row
            // in two rows, and the move list only if there is room left
            let side = (w * 0.4).clamp(280.0, 400.0).min(w * 0.5);
            let (x0, x1) = (w - side + GAP, w - GAP);
            let status = Rect::new(x0, GAP, x1, GAP + 108.0);
            let message = Rect::new(x0, status.max.y + GAP / 2.0, x1, status.max.y + GAP / 2.0 + 52.0);
            let buttons = Rect::new(x0, message.max.y + GAP, x1, message.max.y + GAP + 2.0 * TOUCH + GAP);
            let room = h - GAP - (buttons.max.y + GAP);
            let moves = (room >= 96.0).then(|| Rect::new(x0, buttons.max.y + GAP, x1, h - GAP));
            let board = Rect::new(0.0, 0.0, w - side, h);
            ScreenLayout { portrait: false, board, status, message, buttons, button_cols: 3, roomy: false, moves }
        } else {
            let side = (w * 0.32).clamp(280.0, 400.0).min(w * 0.5);
            let x0 = w - side + GAP;
            let x1 = w - GAP;
            let status = Rect::new(x0, GAP, x1, GAP + 144.0);
            let message = Rect::new(x0, status.max.y + GAP, x1, status.max.y + GAP + 64.0);
            // Two columns of buttons, three rows.
            let buttons = Rect::new(x0, message.max.y + GAP, x1, message.max.y + GAP + 3.0 * TOUCH + 2.0 * GAP);
            let moves = Rect::new(x0, buttons.max.y + GAP, x1, (h - GAP).max(buttons.max.y + GAP));
            let board = Rect::new(0.0, 0.0, w - side, h);
            ScreenLayout {
                portrait: false,
                board,
                status,
                message,
                buttons,
                button_cols: 2,
                roomy: true,
                moves: Some(moves),
            }
        }
    }
}

/// The current layout, derived from the viewport and the variant being played.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct BoardLayout(pub Layout);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::VariantKind;

    #[test]
    fn the_game_screen_regions_never_overlap_and_stay_in_the_window() {
        let sizes = [
            (360.0, 640.0),
            (540.0, 1170.0),
            (1024.0, 640.0),
            (1280.0, 800.0),
            (2560.0, 1440.0),
            (800.0, 360.0),
            (640.0, 300.0),
        ];
        for (w, h) in sizes {
            let l = ScreenLayout::of(Vec2::new(w, h));
            let window = Rect::new(0.0, 0.0, w, h);
            let mut regions = vec![l.board, l.status, l.message, l.buttons];
            regions.extend(l.moves);
            for (i, a) in regions.iter().enumerate() {
                assert!(a.width() > 0.0 && a.height() > 0.0, "{w}x{h}: region {i} is empty");
                assert!(window.contains(a.min) && window.contains(a.max), "{w}x{h}: region {i} {a:?}");
                for b in &regions[i + 1..] {
                    let cut = a.intersect(*b);
                    assert!(cut.is_empty() || cut.width() <= 0.0 || cut.height() <= 0.0, "{w}x{h}: {a:?} {b:?}");
                }
            }
            assert!(l.buttons.height() >= TOUCH);
            // every button a finger's size: the rows the buttons need fit their region
            let rows = 5usize.div_ceil(l.button_cols) as f32;
            assert!(l.buttons.height() + 0.5 >= rows * TOUCH, "{w}x{h}: {rows} rows of buttons in {:?}", l.buttons);
            // the board gets most of the window
            let board = Layout::fit(window.size(), l.board, VariantKind::Nine.variant());
            assert!(board.unit * 6.0 >= w.min(h) * 0.55, "{w}x{h}: board unit {}", board.unit);
        }
    }

    #[test]
    fn with_a_notch_and_a_home_indicator_everything_stays_in_the_safe_area() {
        // a phone in portrait (notch above, home indicator below) and in landscape (the
        // notch on the left, the indicator below)
        let cases = [
            (Vec2::new(360.0, 800.0), SafeArea { top: 44.0, right: 0.0, bottom: 34.0, left: 0.0 }),
            (Vec2::new(800.0, 360.0), SafeArea { top: 0.0, right: 0.0, bottom: 21.0, left: 44.0 }),
        ];
        for (window, safe) in cases {
            let area = safe.rect(window);
            let l = ScreenLayout::within(window, safe);
            let mut regions = vec![l.board, l.status, l.message, l.buttons];
            regions.extend(l.moves);
            for r in &regions {
                assert!(area.contains(r.min) && area.contains(r.max), "{window} {safe:?}: {r:?} outside {area:?}");
            }
            let board = Layout::fit(window, l.board, crate::rules::VariantKind::Nine.variant());
            let b = board.bounds();
            assert!(area.contains(b.min) && area.contains(b.max), "{window}: the board {b:?} outside {area:?}");
            // the same layout as a window of the safe area's size, moved into it
            let plain = ScreenLayout::of(area.size());
            assert_eq!(l.buttons.size(), plain.buttons.size());
            assert_eq!(l.buttons.min, plain.buttons.min + area.min);
        }
    }

    #[test]
    fn every_point_maps_back_to_itself_at_any_size() {
        for kind in VariantKind::ALL {
            let v = kind.variant();
            for (w, h) in [(360.0, 740.0), (1280.0, 800.0), (800.0, 800.0), (2560.0, 1080.0)] {
                let window = Vec2::new(w, h);
                let l = Layout::fit(window, Rect::from_corners(Vec2::new(0.0, 40.0), window), v);
                for p in 0..v.len() as u8 {
                    let s = l.screen_of_point(v, p);
                    assert!(s.x > 0.0 && s.y > 40.0 && s.x < w && s.y < h, "{kind:?} {w}x{h} point {p} at {s}");
                    assert_eq!(l.point_at(v, s), Some(p));
                    // a finger a little off still hits the point
                    assert_eq!(l.point_at(v, s + Vec2::splat(l.unit * 0.3)), Some(p));
                }
                assert_eq!(l.point_at(v, l.to_screen(Vec2::new(0.5, 0.5))), None);
                let area = Rect::from_corners(Vec2::new(0.0, 40.0), window);
                let b = l.bounds();
                assert!(b.min.x >= area.min.x - 0.01 && b.max.x <= area.max.x + 0.01, "{kind:?} {w}x{h}: {b:?}");
                assert!(b.min.y >= area.min.y - 0.01 && b.max.y <= area.max.y + 0.01, "{kind:?} {w}x{h}: {b:?}");
            }
        }
    }
}
