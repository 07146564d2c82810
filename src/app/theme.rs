//! The look shared by every screen: the board's colours carried into egui (panels,
//! cards, buttons), the bundled font, finger-sized widgets, and the record of every
//! widget's rectangle that the layout check counts.

use bevy::prelude::*;
use bevy_egui::egui::{self, Color32, CornerRadius, RichText, Stroke, TextWrapMode};

use super::board::TOUCH;
use super::model::SafeArea;
use super::settings::Theme;

/// The bundled font (shows ş ğ ı İ ö ü ç), shared with the UI.
pub const FONT_BYTES: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");

pub struct Palette {
    pub background: Color,
    pub plate: Color,
    pub line: Color,
    pub label: Color,
    pub piece: [Color; 2],
    pub rim: [Color; 2],
    pub glow: Color,
    pub selected: Color,
    pub target: Color,
    pub capture: Color,
    pub focus: Color,
    pub last: Color,
    pub hint: Color,
}

pub fn palette(theme: Theme) -> Palette {
    match theme {
        Theme::Light => Palette {
            background: Color::srgb_u8(0xEE, 0xE6, 0xD6),
            plate: Color::srgb_u8(0xDC, 0xB8, 0x80),
            line: Color::srgb_u8(0x4A, 0x32, 0x1E),
            label: Color::srgb_u8(0x5E, 0x46, 0x30),
            piece: [Color::srgb_u8(0xFA, 0xF7, 0xF0), Color::srgb_u8(0x26, 0x24, 0x22)],
            rim: [Color::srgb_u8(0x7A, 0x6A, 0x58), Color::srgb_u8(0x05, 0x05, 0x05)],
            glow: Color::srgb_u8(0xFF, 0xC4, 0x2E),
            selected: Color::srgb_u8(0xE0, 0x8A, 0x00),
            target: Color::srgb_u8(0x2E, 0x8B, 0x57),
            capture: Color::srgb_u8(0xD0, 0x24, 0x24),
            focus: Color::srgb_u8(0xC0, 0x2A, 0x88),
            last: Color::srgb_u8(0x1F, 0x7F, 0xC8),
            hint: Color::srgb_u8(0x8E, 0x44, 0xAD),
        },
        Theme::Dark => Palette {
            background: Color::srgb_u8(0x1B, 0x1D, 0x22),
            plate: Color::srgb_u8(0x2E, 0x33, 0x3B),
            line: Color::srgb_u8(0xB8, 0xBE, 0xC8),
            label: Color::srgb_u8(0x9A, 0xA2, 0xAE),
            piece: [Color::srgb_u8(0xEE, 0xEA, 0xE0), Color::srgb_u8(0x0E, 0x0F, 0x12)],
            rim: [Color::srgb_u8(0x9A, 0x90, 0x80), Color::srgb_u8(0x80, 0x88, 0x96)],
            glow: Color::srgb_u8(0xFF, 0xC4, 0x2E),
            selected: Color::srgb_u8(0xFF, 0xA8, 0x20),
            target: Color::srgb_u8(0x4C, 0xC3, 0x7A),
            capture: Color::srgb_u8(0xFF, 0x50, 0x50),
            focus: Color::srgb_u8(0xFF, 0x6A, 0xC8),
            last: Color::srgb_u8(0x6A, 0xC0, 0xF5),
            hint: Color::srgb_u8(0xC0, 0x7C, 0xE8),
        },
    }
}

fn c32(c: Color) -> Color32 {
    let s = c.to_srgba();
    Color32::from_rgba_unmultiplied(
        (s.red * 255.0).round() as u8,
        (s.green * 255.0).round() as u8,
        (s.blue * 255.0).round() as u8,
        (s.alpha * 255.0).round() as u8,
    )
}

/// The egui colours of a theme, derived from the board's palette.
#[derive(Clone, Copy, Debug)]
pub struct UiColours {
    pub background: Color32,
    pub card: Color32,
    pub card_edge: Color32,
    pub button: Color32,
    pub button_hover: Color32,
    pub primary: Color32,
    pub primary_text: Color32,
    pub text: Color32,
    pub weak: Color32,
    pub error: Color32,
    pub piece: [Color32; 2],
    pub piece_edge: [Color32; 2],
    pub board: Color32,
    pub line: Color32,
    pub mark: Color32,
}

pub fn ui_colours(theme: Theme) -> UiColours {
    let p = palette(theme);
    let dark = theme == Theme::Dark;
    let card = if dark { p.plate.mix(&p.background, 0.35) } else { p.background.mix(&Color::WHITE, 0.55) };
    let button = if dark { p.plate.mix(&Color::WHITE, 0.08) } else { p.plate.mix(&Color::WHITE, 0.45) };
    let text = if dark { Color::srgb_u8(0xEC, 0xE8, 0xE0) } else { p.line };
    let primary = if dark { Color::srgb_u8(0xE0, 0x9A, 0x3A) } else { Color::srgb_u8(0x8A, 0x4B, 0x1C) };
    UiColours {
        background: c32(p.background),
        card: c32(card),
        card_edge: c32(p.plate.mix(&p.line, 0.25)),
        button: c32(button),
        button_hover: c32(button.mix(&p.glow, 0.25)),
        primary: c32(primary),
        primary_text: if dark { Color32::from_rgb(0x1B, 0x1D, 0x22) } else { Color32::from_rgb(0xFF, 0xF8, 0xEC) },
        text: c32(text),
        weak: c32(text.mix(&card, 0.35)),
        error: c32(p.capture),
        piece: [c32(p.piece[0]), c32(p.piece[1])],
        piece_edge: [c32(p.rim[0]), c32(p.rim[1])],
        board: c32(p.plate),
        line: c32(p.line),
        mark: c32(p.last),
    }
}

/// Text sizes in logical pixels.
pub const BODY: f32 = 16.0;
pub const SMALL: f32 = 14.0;
pub const TITLE: f32 = 22.0;
pub const RADIUS: u8 = 12;

/// Sets the bundled font once (it shows ş ğ ı İ ö ü ç).
pub fn set_fonts(ctx: &egui::Context) {
    let mut fonts = egui::FontDefinitions::default();
    fonts.font_data.insert("dejavu".into(), std::sync::Arc::new(egui::FontData::from_static(FONT_BYTES)));
    for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
        fonts.families.entry(family).or_default().insert(0, "dejavu".into());
    }
    ctx.set_fonts(fonts);
}

/// Applies a theme to egui: the board's colours, rounded corners, finger-sized spacing.
pub fn apply_style(ctx: &egui::Context, theme: Theme) {
    let c = ui_colours(theme);
    let mut visuals = if theme == Theme::Dark { egui::Visuals::dark() } else { egui::Visuals::light() };
    visuals.panel_fill = c.background;
    visuals.window_fill = c.card;
    visuals.window_stroke = Stroke::new(1.0, c.card_edge);
    visuals.window_corner_radius = CornerRadius::same(RADIUS);
    visuals.selection.bg_fill = c.primary;
    visuals.selection.stroke = Stroke::new(1.5, c.primary_text);
    visuals.extreme_bg_color = c.card;
    for (w, fill) in [
        (&mut visuals.widgets.inactive, c.button),
        (&mut visuals.widgets.hovered, c.button_hover),
        (&mut visuals.widgets.active, c.button_hover),
        (&mut visuals.widgets.open, c.button),
    ] {
        w.bg_fill = fill;
        w.weak_bg_fill = fill;
        w.corner_radius = CornerRadius::same(10);
        w.fg_stroke = Stroke::new(1.5, c.text);
        w.bg_stroke = Stroke::new(1.0, c.card_edge);
    }
    // egui draws text in the widget's foreground colour: labels in the text colour, a
    // selected choice in the accent's text colour.
    visuals.widgets.noninteractive.fg_stroke = Stroke::new(1.0, c.text);
    visuals.widgets.noninteractive.bg_stroke = Stroke::new(1.0, c.card_edge);
    ctx.all_styles_mut(|style| {
        use egui::{FontFamily::Proportional, FontId, TextStyle};
        style.visuals = visuals.clone();
        style.text_styles.insert(TextStyle::Body, FontId::new(BODY, Proportional));
        style.text_styles.insert(TextStyle::Button, FontId::new(BODY, Proportional));
        style.text_styles.insert(TextStyle::Heading, FontId::new(TITLE, Proportional));
        style.text_styles.insert(TextStyle::Small, FontId::new(SMALL - 1.0, Proportional));
        style.text_styles.insert(TextStyle::Monospace, FontId::new(SMALL, egui::FontFamily::Monospace));
        style.spacing.button_padding = egui::vec2(10.0, 6.0);
        style.spacing.item_spacing = egui::vec2(8.0, 8.0);
        style.spacing.interact_size.y = TOUCH;
        // Solid scroll bars take their own strip: they never cover a card's edge.
        style.spacing.scroll = egui::style::ScrollStyle::solid();
        style.spacing.scroll.bar_width = 8.0;
    });
}

/// A rounded card behind a region.
pub fn card_frame(theme: Theme) -> egui::Frame {
    let c = ui_colours(theme);
    egui::Frame::new()
        .fill(c.card)
        .stroke(Stroke::new(1.0, c.card_edge))
        .corner_radius(CornerRadius::same(RADIUS))
        .inner_margin(egui::Margin::same(12))
}

/// A widget's rectangle as the layout check sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct Tracked {
    /// What it is: a button's words, or "text" for a text block.
    pub key: String,
    pub rect: Rect,
    /// The part that can be seen (inside its scroll area, if any).
    pub clip: Rect,
    /// Held by a scroll area: cut by it, never by the window.
    pub scrolled: bool,
    pub interactive: bool,
}

/// Every widget and text block of the last drawn frame, and the board.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct UiRects {
    pub window: Vec2,
    /// What the system covers of the window.
    pub safe: SafeArea,
    pub items: Vec<Tracked>,
}

impl UiRects {
    /// The part of the window every widget must stay in.
    pub fn usable(&self) -> Rect {
        self.safe.rect(self.window)
    }
}

fn to_rect(r: egui::Rect) -> Rect {
    Rect::new(r.min.x, r.min.y, r.max.x, r.max.y)
}

const TRACKED: &str = "dokuz-tracked";
const SCROLL_DEPTH: &str = "dokuz-scroll-depth";

/// Records a widget's rectangle for the layout check.
pub fn track(ui: &egui::Ui, response: &egui::Response, key: &str, interactive: bool) {
    let scrolled = ui.ctx().data(|d| d.get_temp::<u32>(egui::Id::new(SCROLL_DEPTH)).unwrap_or(0)) > 0;
    // A widget scrolled out of sight has nothing visible (egui gives a negative rect).
    let visible = ui.clip_rect().intersect(response.rect);
    let clip = if visible.is_negative() { Rect::default() } else { to_rect(visible) };
    let item = Tracked { key: key.to_string(), rect: to_rect(response.rect), clip, scrolled, interactive };
    ui.ctx().data_mut(|d| d.get_temp_mut_or_default::<Vec<Tracked>>(egui::Id::new(TRACKED)).push(item));
}

/// Takes the rectangles recorded during this pass (and starts the next pass empty).
pub fn take_tracked(ctx: &egui::Context) -> Vec<Tracked> {
    ctx.data_mut(|d| std::mem::take(d.get_temp_mut_or_default::<Vec<Tracked>>(egui::Id::new(TRACKED))))
}

/// Marks the widgets added from now on as held by a scroll area (`delta` 1 on entering
/// one, -1 on leaving it), for scroll areas built by hand.
pub fn scroll_depth(ui: &egui::Ui, delta: i32) {
    let depth = egui::Id::new(SCROLL_DEPTH);
    ui.ctx().data_mut(|d| {
        let v = d.get_temp_mut_or_default::<u32>(depth);
        *v = v.saturating_add_signed(delta);
    });
}

/// A vertical scroll area whose widgets the layout check knows to be held by it.
pub fn scroll<R>(ui: &mut egui::Ui, id: &str, add: impl FnOnce(&mut egui::Ui) -> R) -> R {
    egui::ScrollArea::vertical()
        .id_salt(id)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            scroll_depth(ui, 1);
            let out = add(ui);
            scroll_depth(ui, -1);
            out
        })
        .inner
}

/// A finger-sized button; `width` fixes its width (text never wraps inside a word: it
/// stays on one line).
pub fn button(ui: &mut egui::Ui, text: &str, width: f32, enabled: bool) -> egui::Response {
    button_sized(ui, text, width, enabled, BODY)
}

/// A button with text of `size` logical pixels (a row of five on a phone uses smaller).
pub fn button_sized(ui: &mut egui::Ui, text: &str, width: f32, enabled: bool, size: f32) -> egui::Response {
    let b = egui::Button::new((egui::Atom::grow(), RichText::new(text).size(size), egui::Atom::grow()))
        .wrap_mode(TextWrapMode::Extend)
        .min_size(egui::vec2(width, TOUCH));
    let r = ui.add_enabled(enabled, b);
    track(ui, &r, text, true);
    r
}

/// The main action of a screen, in the accent colour.
pub fn primary_button(ui: &mut egui::Ui, text: &str, width: f32, theme: Theme) -> egui::Response {
    let c = ui_colours(theme);
    let label = RichText::new(text).size(BODY).strong().color(c.primary_text);
    let b = egui::Button::new((egui::Atom::grow(), label, egui::Atom::grow()))
        .fill(c.primary)
        .wrap_mode(TextWrapMode::Extend)
        .min_size(egui::vec2(width, TOUCH));
    let r = ui.add(b);
    track(ui, &r, text, true);
    r
}

/// One choice of several (a selectable button).
pub fn choice(ui: &mut egui::Ui, selected: bool, text: &str) -> egui::Response {
    let b = egui::Button::new((egui::Atom::grow(), RichText::new(text).size(BODY), egui::Atom::grow()))
        .selected(selected)
        .wrap_mode(TextWrapMode::Extend)
        .min_size(egui::vec2(56.0, TOUCH));
    let r = ui.add(b);
    track(ui, &r, text, true);
    r
}

/// A block of text that wraps between words.
pub fn text(ui: &mut egui::Ui, text: impl Into<egui::WidgetText>) -> egui::Response {
    let r = ui.add(egui::Label::new(text).wrap());
    track(ui, &r, "text", false);
    r
}

/// Text that never wraps (a short label or title).
pub fn line(ui: &mut egui::Ui, text: impl Into<egui::WidgetText>) -> egui::Response {
    let r = ui.add(egui::Label::new(text).extend());
    track(ui, &r, "text", false);
    r
}
