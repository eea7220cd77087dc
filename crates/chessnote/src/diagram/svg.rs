//! Diagrams as SVG: the board, its marks and the pieces as plain SVG 1.1
//! text, with no dependency and nothing to load (the pieces are paths).

use core::fmt;
use core::str::FromStr;

use super::{Diagram, ShapeColor, files_and_ranks, pieces};
use crate::text::{error_kind, named_enum, notation_error};
use crate::{Color, Piece, PieceKind, Square};

/// The side of a square, in SVG user units: the board is 360 units wide,
/// scaled to [`SvgOptions::size`] pixels.
const SQUARE: u32 = 45;
/// The side of the board in user units.
const BOARD: u32 = 8 * SQUARE;

/// A colour with opacity, written `#rrggbb` or `#rrggbbaa` (also read as
/// `#rgb`).
///
/// ```
/// use chessnote::diagram::Rgba;
/// let green: Rgba = "#15781b80".parse()?;
/// assert_eq!(green, Rgba { r: 0x15, g: 0x78, b: 0x1b, a: 0x80 });
/// assert_eq!(green.to_string(), "#15781b80");
/// assert_eq!("#fff".parse::<Rgba>()?.to_string(), "#ffffff");
/// # Ok::<(), chessnote::diagram::RgbaError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rgba {
    /// Red.
    pub r: u8,
    /// Green.
    pub g: u8,
    /// Blue.
    pub b: u8,
    /// Opacity: 0 transparent, 255 opaque.
    pub a: u8,
}

error_kind! {
    /// What was wrong with a colour (see [`RgbaError`] for where).
    ///
    /// ```
    /// use chessnote::diagram::{Rgba, RgbaErrorKind};
    /// assert_eq!(Rgba::from_ascii(b"red").unwrap_err().kind(), RgbaErrorKind::ExpectedHash);
    /// ```
    pub enum RgbaErrorKind {
        /// A colour starts with `#`.
        ExpectedHash = ("expected-hash", "expected `#` and a hexadecimal colour"),
        /// A byte is not a hexadecimal digit.
        ExpectedHexDigit = ("expected-hex-digit", "expected a hexadecimal digit"),
        /// The colour has a number of digits other than 3, 6 or 8.
        WrongLength = ("wrong-length", "expected 3, 6 or 8 hexadecimal digits"),
    }
}

notation_error! {
    /// What was wrong with a colour, and at which byte.
    ///
    /// ```
    /// use chessnote::diagram::{Rgba, RgbaErrorKind};
    /// let err = Rgba::from_ascii(b"#12345g").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (RgbaErrorKind::ExpectedHexDigit, 6));
    /// assert_eq!(err.to_string(), "expected a hexadecimal digit at byte 6");
    /// ```
    pub struct RgbaError { kind: RgbaErrorKind, offset: u8 }
}

impl Rgba {
    /// An opaque colour.
    ///
    /// ```
    /// use chessnote::diagram::Rgba;
    /// assert_eq!(Rgba::rgb(240, 217, 181).to_string(), "#f0d9b5");
    /// ```
    pub const fn rgb(r: u8, g: u8, b: u8) -> Rgba {
        Rgba { r, g, b, a: 255 }
    }

    /// Reads `#rgb`, `#rrggbb` or `#rrggbbaa` (digits in either case).
    ///
    /// ```
    /// use chessnote::diagram::{Rgba, RgbaErrorKind};
    /// assert_eq!(Rgba::from_ascii(b"#F0D9B5")?, Rgba::rgb(240, 217, 181));
    /// let err = Rgba::from_ascii(b"#f0d9b").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (RgbaErrorKind::WrongLength, 6));
    /// # Ok::<(), chessnote::diagram::RgbaError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// An [`RgbaError`]: [`ExpectedHash`](RgbaErrorKind::ExpectedHash) at
    /// byte 0, [`ExpectedHexDigit`](RgbaErrorKind::ExpectedHexDigit) at the
    /// first byte that is not one, [`WrongLength`](RgbaErrorKind::WrongLength)
    /// at the end.
    pub fn from_ascii(bytes: &[u8]) -> Result<Rgba, RgbaError> {
        if bytes.first() != Some(&b'#') {
            return Err(RgbaError::new(RgbaErrorKind::ExpectedHash, 0));
        }
        let mut digits = [0u8; 8];
        let mut count = 0;
        for (i, &byte) in bytes.iter().enumerate().skip(1) {
            let digit = match byte {
                b'0'..=b'9' => byte - b'0',
                b'a'..=b'f' => byte - b'a' + 10,
                b'A'..=b'F' => byte - b'A' + 10,
                _ => return Err(RgbaError::new(RgbaErrorKind::ExpectedHexDigit, i)),
            };
            if count == 8 {
                return Err(RgbaError::new(RgbaErrorKind::WrongLength, i));
            }
            digits[count] = digit;
            count += 1;
        }
        let pair = |i: usize| digits[i] << 4 | digits[i + 1];
        match count {
            3 => Ok(Rgba::rgb(digits[0] * 17, digits[1] * 17, digits[2] * 17)),
            6 | 8 => Ok(Rgba {
                r: pair(0),
                g: pair(2),
                b: pair(4),
                a: if count == 8 { pair(6) } else { 255 },
            }),
            _ => Err(RgbaError::new(RgbaErrorKind::WrongLength, bytes.len())),
        }
    }

    /// The colour without its opacity, as `#rrggbb`.
    fn hex(self) -> Hex {
        Hex(self)
    }
}

/// `#rrggbb`.
struct Hex(Rgba);

impl fmt::Display for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Rgba { r, g, b, .. } = self.0;
        write!(f, "#{r:02x}{g:02x}{b:02x}")
    }
}

impl fmt::Display for Rgba {
    /// `#rrggbb`, or `#rrggbbaa` when not opaque.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.hex())?;
        if self.a != 255 {
            write!(f, "{:02x}", self.a)?;
        }
        Ok(())
    }
}

impl FromStr for Rgba {
    type Err = RgbaError;

    /// [`Rgba::from_ascii`].
    fn from_str(s: &str) -> Result<Rgba, RgbaError> {
        Rgba::from_ascii(s.as_bytes())
    }
}

named_enum! {
    /// What each colour of [`SvgColors`] paints, by a stable name, for
    /// settings read from text (`--color light=#eeeeee`).
    ///
    /// ```
    /// use chessnote::diagram::SvgPaint;
    /// assert_eq!("light-last-move".parse::<SvgPaint>(), Ok(SvgPaint::LightLastMove));
    /// assert_eq!(SvgPaint::ALL.len(), 11);
    /// ```
    pub enum SvgPaint: "diagram colour" {
        /// Light squares.
        Light = "light",
        /// Dark squares.
        Dark = "dark",
        /// A light square the last move left or reached.
        LightLastMove = "light-last-move",
        /// A dark square the last move left or reached.
        DarkLastMove = "dark-last-move",
        /// The glow under a king in check.
        Check = "check",
        /// White pieces, and the lines on black ones.
        WhitePiece = "white-piece",
        /// Black pieces, and the outline and lines of white ones.
        BlackPiece = "black-piece",
        /// Red marks and arrows (`R`).
        Red = "red",
        /// Green marks and arrows (`G`).
        Green = "green",
        /// Yellow marks and arrows (`Y`).
        Yellow = "yellow",
        /// Blue marks and arrows (`B`).
        Blue = "blue",
    }
}

/// The colours of an SVG diagram. Marked squares are filled with their
/// colour at half its opacity, arrows with the colour as it is.
///
/// ```
/// use chessnote::diagram::{Rgba, SvgColors, SvgPaint};
/// let mut colors = SvgColors::default();
/// assert_eq!(colors.get(SvgPaint::Light).to_string(), "#f0d9b5");
/// colors.set(SvgPaint::Light, Rgba::rgb(238, 238, 210));
/// assert_eq!(colors.light, Rgba::rgb(238, 238, 210));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SvgColors {
    /// Light squares.
    pub light: Rgba,
    /// Dark squares.
    pub dark: Rgba,
    /// Light squares of the last move.
    pub light_last_move: Rgba,
    /// Dark squares of the last move.
    pub dark_last_move: Rgba,
    /// The centre of the glow under a king in check.
    pub check: Rgba,
    /// White pieces' fill and black pieces' inner lines.
    pub white_piece: Rgba,
    /// Black pieces' fill and white pieces' outline and lines.
    pub black_piece: Rgba,
    /// Marks and arrows, by [`ShapeColor`] (red, green, yellow, blue).
    pub shapes: [Rgba; 4],
}

impl SvgColors {
    /// The default colours: brown squares, yellow-green last move, red
    /// check, and the usual four colours of marks and arrows at 80%.
    pub const DEFAULT: SvgColors = SvgColors {
        light: Rgba::rgb(0xf0, 0xd9, 0xb5),
        dark: Rgba::rgb(0xb5, 0x88, 0x63),
        light_last_move: Rgba::rgb(0xcd, 0xd2, 0x6a),
        dark_last_move: Rgba::rgb(0xaa, 0xa2, 0x3a),
        check: Rgba::rgb(0xff, 0x00, 0x00),
        white_piece: Rgba::rgb(0xff, 0xff, 0xff),
        black_piece: Rgba::rgb(0x00, 0x00, 0x00),
        shapes: [
            Rgba {
                r: 0x88,
                g: 0x20,
                b: 0x20,
                a: 0xcc,
            },
            Rgba {
                r: 0x15,
                g: 0x78,
                b: 0x1b,
                a: 0xcc,
            },
            Rgba {
                r: 0xe6,
                g: 0x8f,
                b: 0x00,
                a: 0xcc,
            },
            Rgba {
                r: 0x00,
                g: 0x30,
                b: 0x88,
                a: 0xcc,
            },
        ],
    };

    /// The colour of marks and arrows in `color`.
    ///
    /// ```
    /// use chessnote::diagram::{ShapeColor, SvgColors};
    /// assert_eq!(SvgColors::DEFAULT.shape(ShapeColor::Green).to_string(), "#15781bcc");
    /// ```
    pub const fn shape(&self, color: ShapeColor) -> Rgba {
        self.shapes[color as usize]
    }

    /// The colour that paints `paint`.
    pub const fn get(&self, paint: SvgPaint) -> Rgba {
        match paint {
            SvgPaint::Light => self.light,
            SvgPaint::Dark => self.dark,
            SvgPaint::LightLastMove => self.light_last_move,
            SvgPaint::DarkLastMove => self.dark_last_move,
            SvgPaint::Check => self.check,
            SvgPaint::WhitePiece => self.white_piece,
            SvgPaint::BlackPiece => self.black_piece,
            SvgPaint::Red => self.shapes[0],
            SvgPaint::Green => self.shapes[1],
            SvgPaint::Yellow => self.shapes[2],
            SvgPaint::Blue => self.shapes[3],
        }
    }

    /// Paints `paint` in `color`.
    pub fn set(&mut self, paint: SvgPaint, color: Rgba) {
        let slot = match paint {
            SvgPaint::Light => &mut self.light,
            SvgPaint::Dark => &mut self.dark,
            SvgPaint::LightLastMove => &mut self.light_last_move,
            SvgPaint::DarkLastMove => &mut self.dark_last_move,
            SvgPaint::Check => &mut self.check,
            SvgPaint::WhitePiece => &mut self.white_piece,
            SvgPaint::BlackPiece => &mut self.black_piece,
            SvgPaint::Red => &mut self.shapes[0],
            SvgPaint::Green => &mut self.shapes[1],
            SvgPaint::Yellow => &mut self.shapes[2],
            SvgPaint::Blue => &mut self.shapes[3],
        };
        *slot = color;
    }
}

impl Default for SvgColors {
    /// [`SvgColors::DEFAULT`].
    fn default() -> SvgColors {
        SvgColors::DEFAULT
    }
}

/// How an SVG diagram is drawn: its size and colours (what is drawn is the
/// [`Diagram`]).
///
/// ```
/// use chessnote::diagram::SvgOptions;
/// assert_eq!(SvgOptions::default().size, 360);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SvgOptions {
    /// The width and height in pixels (the drawing scales to any size).
    pub size: u32,
    /// The colours.
    pub colors: SvgColors,
}

impl SvgOptions {
    /// 360 pixels, the default colours.
    pub const DEFAULT: SvgOptions = SvgOptions {
        size: BOARD,
        colors: SvgColors::DEFAULT,
    };
}

impl Default for SvgOptions {
    /// [`SvgOptions::DEFAULT`].
    fn default() -> SvgOptions {
        SvgOptions::DEFAULT
    }
}

/// A diagram as an SVG 1.1 document; `Display` writes it. See
/// [`Diagram::svg`].
///
/// The document is self-contained (no fonts or images to load but the
/// coordinates' `sans-serif`) and names what it draws in `class`
/// attributes, so that it can be styled and tested: `square light a8`
/// (`lastmove` added on the last move's squares), `mark green d4`,
/// `check e1`, `coordinate a`, `piece white king e1` (a `<use>` of the
/// piece drawn once in `<defs>` with the id `white-king`), and
/// `arrow green e2 e4`. Squares are 45 units wide in a `viewBox` of 360;
/// the layers are, bottom to top: squares, marks, check, coordinates,
/// pieces, arrows.
///
/// A diagram with pockets or check counters (the variants crazyhouse and
/// three-check) is a square taller on each side: the side at the bottom's
/// pocket and counter under the board, the other's above it (`viewBox` `0
/// -45 360 450`, height 5/4 of the width). Each piece in hand is drawn once
/// (`pocket white knight`), with its number when more than one
/// (`pocket-count white knight`); the counter is a text, `checks white`
/// (`2 checks to give`).
#[derive(Copy, Clone, Debug)]
pub struct Svg<'a> {
    pub(super) diagram: &'a Diagram,
    pub(super) options: &'a SvgOptions,
}

/// Writes `fill="#rrggbb"` and, when not opaque, its opacity attribute
/// (`fill-opacity`, `stroke-opacity`) scaled by `scale`.
struct Paint {
    attribute: &'static str,
    color: Rgba,
    scale: f32,
}

impl fmt::Display for Paint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}=\"{}\"", self.attribute, self.color.hex())?;
        let opacity = f32::from(self.color.a) / 255.0 * self.scale;
        if opacity < 1.0 {
            write!(f, " {}-opacity=\"{}\"", self.attribute, Num(opacity))?;
        }
        Ok(())
    }
}

fn fill(color: Rgba) -> Paint {
    Paint {
        attribute: "fill",
        color,
        scale: 1.0,
    }
}

fn stroke(color: Rgba) -> Paint {
    Paint {
        attribute: "stroke",
        color,
        scale: 1.0,
    }
}

/// A number with at most two decimals and no trailing zeros.
struct Num(f32);

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Hundredths, rounded half away from zero (no `round` in core).
        let scaled = self.0 * 100.0;
        let hundredths = if scaled < 0.0 {
            (scaled - 0.5) as i64
        } else {
            (scaled + 0.5) as i64
        };
        let sign = if hundredths < 0 { "-" } else { "" };
        let abs = hundredths.unsigned_abs();
        let (whole, frac) = (abs / 100, abs % 100);
        match frac {
            0 => write!(f, "{sign}{whole}"),
            _ if frac % 10 == 0 => write!(f, "{sign}{whole}.{}", frac / 10),
            _ => write!(f, "{sign}{whole}.{frac:02}"),
        }
    }
}

/// The square root, by Newton's method (core has none without `std`).
fn sqrt(x: f32) -> f32 {
    if x <= 0.0 {
        return 0.0;
    }
    let mut y = if x > 1.0 { x / 2.0 } else { 1.0 };
    for _ in 0..20 {
        y = 0.5 * (y + x / y);
    }
    y
}

/// The lowercase names of a piece, for ids and classes: `white king`.
fn piece_names(piece: Piece) -> (&'static str, &'static str) {
    (piece.color.name(), piece.kind.lower_name())
}

/// A piece drawn in a 45-unit square as a `<g>` with the attribute
/// `attribute` (its id, or its class).
fn write_piece(
    f: &mut fmt::Formatter<'_>,
    piece: Piece,
    colors: &SvgColors,
    attribute: fmt::Arguments<'_>,
) -> fmt::Result {
    let (fill_color, outline, detail) = match piece.color {
        Color::White => (colors.white_piece, colors.black_piece, colors.black_piece),
        Color::Black => (colors.black_piece, colors.black_piece, colors.white_piece),
    };
    let shape = pieces::shape(piece.kind);
    write!(
        f,
        "<g {attribute} stroke-width=\"1.5\" stroke-linecap=\"round\" \
         stroke-linejoin=\"round\"><path d=\"{}\" {} {}/>",
        shape.body,
        fill(fill_color),
        stroke(outline)
    )?;
    if !shape.details.is_empty() {
        write!(
            f,
            "<path d=\"{}\" fill=\"none\" {}/>",
            shape.details,
            stroke(detail)
        )?;
    }
    if !shape.dots.is_empty() {
        write!(
            f,
            "<path d=\"{}\" {} stroke=\"none\"/>",
            shape.dots,
            fill(detail)
        )?;
    }
    f.write_str("</g>")
}

/// One piece as an SVG 1.1 document (the diagrams' piece set), `size`
/// pixels square, in the options' piece colours; `Display` writes it. See
/// [`piece_svg`].
#[derive(Copy, Clone, Debug)]
pub struct PieceSvg<'a> {
    piece: Piece,
    options: &'a SvgOptions,
}

/// A piece alone as an SVG picture, as the diagrams draw it (python-chess's
/// `chess.svg.piece`).
///
/// ```
/// use chessnote::diagram::{piece_svg, SvgOptions};
/// use chessnote::{Color, PieceKind};
/// let options = SvgOptions { size: 45, ..SvgOptions::default() };
/// let svg = piece_svg(PieceKind::Knight.of(Color::Black), &options).to_string();
/// assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
/// assert!(svg.contains("class=\"piece black knight\""));
/// ```
pub fn piece_svg(piece: Piece, options: &SvgOptions) -> PieceSvg<'_> {
    PieceSvg { piece, options }
}

impl fmt::Display for PieceSvg<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let size = self.options.size;
        write!(
            f,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" \
             width=\"{size}\" height=\"{size}\" viewBox=\"0 0 {SQUARE} {SQUARE}\">"
        )?;
        let (side, name) = piece_names(self.piece);
        write_piece(
            f,
            self.piece,
            &self.options.colors,
            format_args!("class=\"piece {side} {name}\""),
        )?;
        f.write_str("</svg>\n")
    }
}

impl Svg<'_> {
    /// The top-left corner of `square`, in user units.
    fn corner(&self, square: Square) -> (u32, u32) {
        let (file, rank) = (
            u32::from(square.file().index()),
            u32::from(square.rank().index()),
        );
        let (column, row) = match self.diagram.orientation {
            Color::White => (file, 7 - rank),
            Color::Black => (7 - file, rank),
        };
        (column * SQUARE, row * SQUARE)
    }

    /// The centre of `square`, in user units.
    fn centre(&self, square: Square) -> (f32, f32) {
        let (x, y) = self.corner(square);
        let half = SQUARE as f32 / 2.0;
        (x as f32 + half, y as f32 + half)
    }

    /// Whether the diagram has strips above and below the board (pockets
    /// or check counters).
    fn has_strips(&self) -> bool {
        self.diagram.pockets.is_some() || self.diagram.checks_left.is_some()
    }

    fn write_piece_defs(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut present = [[false; 6]; 2];
        for (_, piece) in self.diagram.board.pieces() {
            present[piece.color as usize][piece.kind as usize] = true;
        }
        if let Some(pockets) = &self.diagram.pockets {
            for color in Color::ALL {
                for kind in PieceKind::ALL {
                    present[color as usize][kind as usize] |= pockets.count(kind.of(color)) > 0;
                }
            }
        }
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                if present[color as usize][kind as usize] {
                    let piece = kind.of(color);
                    let (side, name) = piece_names(piece);
                    write_piece(
                        f,
                        piece,
                        &self.options.colors,
                        format_args!("id=\"{side}-{name}\""),
                    )?;
                }
            }
        }
        Ok(())
    }

    /// A `<rect>` over `square` with its class and paint.
    fn write_rect(
        &self,
        f: &mut fmt::Formatter<'_>,
        square: Square,
        class: fmt::Arguments<'_>,
        paint: &dyn fmt::Display,
    ) -> fmt::Result {
        let (x, y) = self.corner(square);
        writeln!(
            f,
            "<rect x=\"{x}\" y=\"{y}\" width=\"{SQUARE}\" height=\"{SQUARE}\" \
             class=\"{class}\" {paint}/>"
        )
    }

    fn write_squares(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let colors = &self.options.colors;
        let last = self.diagram.last_move;
        for square in Square::ALL {
            let on_last = last.is_some_and(|(from, to)| square == from || square == to);
            let (class, color) = match (square.is_dark(), on_last) {
                (false, false) => ("light", colors.light),
                (true, false) => ("dark", colors.dark),
                (false, true) => ("light lastmove", colors.light_last_move),
                (true, true) => ("dark lastmove", colors.dark_last_move),
            };
            self.write_rect(
                f,
                square,
                format_args!("square {class} {square}"),
                &fill(color),
            )?;
        }
        for mark in &self.diagram.squares {
            let paint = Paint {
                attribute: "fill",
                color: colors.shape(mark.color),
                scale: 0.5,
            };
            let (name, square) = (mark.color.name(), mark.square);
            self.write_rect(f, square, format_args!("mark {name} {square}"), &paint)?;
        }
        if let Some(king) = self.diagram.check {
            self.write_rect(
                f,
                king,
                format_args!("check {king}"),
                &"fill=\"url(#check)\"",
            )?;
        }
        Ok(())
    }

    fn write_coordinates(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.diagram.coordinates {
            return Ok(());
        }
        let colors = &self.options.colors;
        let (files, ranks) = files_and_ranks(self.diagram.orientation);
        // The file letters in the bottom squares' lower right corners, the
        // rank digits in the left squares' upper left corners.
        let letters = files.map(|file| (Square::new(file, ranks[7]), file.char(), true));
        let digits = ranks.map(|rank| (Square::new(files[0], rank), rank.char(), false));
        for (square, label, letter) in letters.into_iter().chain(digits) {
            let (x, y) = self.corner(square);
            let (x, y, anchor) = match letter {
                true => (x + SQUARE - 3, y + SQUARE - 3, " text-anchor=\"end\""),
                false => (x + 3, y + 11, ""),
            };
            // In the colour of the other squares, as on a printed board.
            let ink = if square.is_dark() {
                colors.light
            } else {
                colors.dark
            };
            writeln!(
                f,
                "<text x=\"{x}\" y=\"{y}\"{anchor} class=\"coordinate {label}\" {}>{label}</text>",
                fill(ink)
            )?;
        }
        Ok(())
    }

    fn write_pieces(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (square, piece) in self.diagram.board.pieces() {
            let (x, y) = self.corner(square);
            let (side, name) = piece_names(piece);
            writeln!(
                f,
                "<use href=\"#{side}-{name}\" xlink:href=\"#{side}-{name}\" x=\"{x}\" y=\"{y}\" \
                 class=\"piece {side} {name} {square}\"/>"
            )?;
        }
        Ok(())
    }

    /// Each side's pocket and check counter, in the strip on its side of
    /// the board: the side at the bottom's under it.
    fn write_strips(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let colors = &self.options.colors;
        for color in Color::ALL {
            // Under the board, or in the square above it.
            let y = if color == self.diagram.orientation {
                i64::from(BOARD)
            } else {
                -i64::from(SQUARE)
            };
            let side = color.name();
            if let Some(pockets) = &self.diagram.pockets {
                let mut x = 0;
                for kind in PieceKind::ALL {
                    let count = pockets.count(kind.of(color));
                    if count == 0 {
                        continue;
                    }
                    let name = kind.lower_name();
                    writeln!(
                        f,
                        "<use href=\"#{side}-{name}\" xlink:href=\"#{side}-{name}\" x=\"{x}\" \
                         y=\"{y}\" class=\"pocket {side} {name}\"/>"
                    )?;
                    if count > 1 {
                        writeln!(
                            f,
                            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\" \
                             class=\"pocket-count {side} {name}\" {}>{count}</text>",
                            x + SQUARE - 2,
                            y + 11,
                            fill(colors.black_piece)
                        )?;
                    }
                    x += SQUARE;
                }
            }
            if let Some(checks) = self.diagram.checks_left {
                let left = checks[color as usize];
                let plural = if left == 1 { "" } else { "s" };
                writeln!(
                    f,
                    "<text x=\"{}\" y=\"{}\" text-anchor=\"end\" class=\"checks {side}\" {}>\
                     {left} check{plural} to give</text>",
                    BOARD - 3,
                    y + 26,
                    fill(colors.black_piece)
                )?;
            }
        }
        Ok(())
    }

    fn write_arrows(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for arrow in &self.diagram.arrows {
            let color = self.options.colors.shape(arrow.color);
            let class = (arrow.color.name(), arrow.from, arrow.to);
            let (x0, y0) = self.centre(arrow.from);
            if arrow.from == arrow.to {
                writeln!(
                    f,
                    "<circle cx=\"{}\" cy=\"{}\" r=\"19\" fill=\"none\" stroke-width=\"4\" {} \
                     class=\"arrow {} {} {}\"/>",
                    Num(x0),
                    Num(y0),
                    stroke(color),
                    class.0,
                    class.1,
                    class.2
                )?;
                continue;
            }
            let (x1, y1) = self.centre(arrow.to);
            let (dx, dy) = (x1 - x0, y1 - y0);
            let length = sqrt(dx * dx + dy * dy);
            let (ux, uy) = (dx / length, dy / length);
            // The shaft is 9 units wide, the head 24 wide and 20 long, its
            // tip 4 units short of the target's centre.
            let (shaft, head_width, head_length, short) = (4.5, 12.0, 20.0, 4.0);
            let tip = (x1 - ux * short, y1 - uy * short);
            let base = (tip.0 - ux * head_length, tip.1 - uy * head_length);
            let (nx, ny) = (-uy, ux);
            let points = [
                (x0 + nx * shaft, y0 + ny * shaft),
                (base.0 + nx * shaft, base.1 + ny * shaft),
                (base.0 + nx * head_width, base.1 + ny * head_width),
                tip,
                (base.0 - nx * head_width, base.1 - ny * head_width),
                (base.0 - nx * shaft, base.1 - ny * shaft),
                (x0 - nx * shaft, y0 - ny * shaft),
            ];
            f.write_str("<polygon points=\"")?;
            for (i, (x, y)) in points.iter().enumerate() {
                if i > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{},{}", Num(*x), Num(*y))?;
            }
            writeln!(
                f,
                "\" {} class=\"arrow {} {} {}\"/>",
                fill(color),
                class.0,
                class.1,
                class.2
            )?;
        }
        Ok(())
    }
}

impl fmt::Display for Svg<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let size = self.options.size;
        // With strips, one square more above and below the board.
        let (top, height, pixels) = if self.has_strips() {
            let tall = BOARD + 2 * SQUARE;
            let pixels = (u64::from(size) * u64::from(tall) / u64::from(BOARD)) as u32;
            (-i64::from(SQUARE), tall, pixels)
        } else {
            (0, BOARD, size)
        };
        writeln!(
            f,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" \
             xmlns:xlink=\"http://www.w3.org/1999/xlink\" version=\"1.1\" \
             width=\"{size}\" height=\"{pixels}\" viewBox=\"0 {top} {BOARD} {height}\" \
             font-family=\"sans-serif\" font-size=\"10\" font-weight=\"bold\">"
        )?;
        f.write_str("<defs>")?;
        self.write_piece_defs(f)?;
        if self.diagram.check.is_some() {
            let check = self.options.colors.check;
            write!(
                f,
                "<radialGradient id=\"check\"><stop offset=\"0%\" stop-color=\"{}\"/>\
                 <stop offset=\"50%\" stop-color=\"{}\"/>\
                 <stop offset=\"100%\" stop-color=\"{}\" stop-opacity=\"0\"/></radialGradient>",
                check.hex(),
                check.hex(),
                check.hex()
            )?;
        }
        f.write_str("</defs>\n")?;
        self.write_squares(f)?;
        self.write_coordinates(f)?;
        self.write_pieces(f)?;
        self.write_strips(f)?;
        self.write_arrows(f)?;
        f.write_str("</svg>\n")
    }
}
