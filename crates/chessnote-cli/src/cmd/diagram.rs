//! The drawing flags that `fen show` and `pgn show` share, and the drawing
//! they give: text (`ascii`, `unicode`) or SVG, from one
//! [`chessnote::Diagram`].

use chessnote::Color;
use chessnote::diagram::{Arrow, Diagram, DiagramStyle, MarkedSquare, Rgba, SvgOptions, SvgPaint};
use chessnote::pgn::commands::{parse_arrows, parse_squares};

/// How a diagram is written.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// FEN letters, `.` for an empty square.
    Ascii,
    /// Chess symbols, `·` for an empty square.
    Unicode,
    /// An SVG picture (pieces, last move, check, marks and arrows).
    Svg,
}

/// The drawing flags.
#[derive(clap::Args, Debug, Clone)]
pub struct DiagramArgs {
    /// How to draw the board.
    #[arg(long, value_enum, default_value = "ascii")]
    pub format: Format,
    /// Draw Black at the bottom.
    #[arg(long)]
    pub flip: bool,
    /// Leave out the file letters and rank digits.
    #[arg(long)]
    pub no_coordinates: bool,
    /// SVG: the width and height in pixels (default 360).
    #[arg(long, value_name = "PX", value_parser = clap::value_parser!(u32).range(16..=16384))]
    pub size: Option<u32>,
    /// SVG: a colour, `NAME=#RRGGBB` or `#RRGGBBAA` (names: light, dark,
    /// light-last-move, dark-last-move, check, white-piece, black-piece,
    /// red, green, yellow, blue); repeat for several.
    #[arg(long = "color", value_name = "NAME=#RRGGBB")]
    pub colors: Vec<String>,
    /// SVG: squares to mark, as `[%csl]` writes them (`Gd4,Rf7`).
    #[arg(long, value_name = "LIST")]
    pub squares: Option<String>,
    /// SVG: arrows to draw, as `[%cal]` writes them (`Ge2e4,Rd1h5`).
    #[arg(long, value_name = "LIST")]
    pub arrows: Option<String>,
}

/// The flags read: how to draw every diagram of a run.
#[derive(Clone, Debug)]
pub struct Drawing {
    /// The format.
    pub format: Format,
    orientation: Color,
    coordinates: bool,
    svg: SvgOptions,
    squares: Vec<MarkedSquare>,
    arrows: Vec<Arrow>,
}

impl DiagramArgs {
    /// Reads the flags.
    ///
    /// # Errors
    ///
    /// A usage error: an unknown colour name, a colour or a list of
    /// squares or arrows that does not read, an SVG flag with a text
    /// format.
    pub fn drawing(&self) -> Result<Drawing, String> {
        if self.format != Format::Svg {
            let svg_only = [
                ("--size", self.size.is_some()),
                ("--color", !self.colors.is_empty()),
                ("--squares", self.squares.is_some()),
                ("--arrows", self.arrows.is_some()),
            ];
            if let Some((flag, _)) = svg_only.iter().find(|(_, given)| *given) {
                return Err(format!(
                    "{flag} draws on SVG pictures only: add --format svg"
                ));
            }
        }
        let mut svg = SvgOptions {
            size: self.size.unwrap_or(360),
            ..SvgOptions::default()
        };
        for setting in &self.colors {
            let (name, value) = setting
                .split_once('=')
                .ok_or_else(|| format!("--color {setting}: expected NAME=#RRGGBB"))?;
            let paint = SvgPaint::from_name(name).ok_or_else(|| {
                let names: Vec<&str> = SvgPaint::ALL.iter().map(|p| p.name()).collect();
                format!(
                    "--color {setting}: unknown colour name `{name}` (known: {})",
                    names.join(", ")
                )
            })?;
            let color: Rgba = value
                .parse()
                .map_err(|err| format!("--color {setting}: {err} of `{value}`"))?;
            svg.colors.set(paint, color);
        }
        let squares = match &self.squares {
            Some(list) => parse_squares(list).map_err(|err| format!("--squares {list}: {err}"))?,
            None => Vec::new(),
        };
        let arrows = match &self.arrows {
            Some(list) => parse_arrows(list).map_err(|err| format!("--arrows {list}: {err}"))?,
            None => Vec::new(),
        };
        Ok(Drawing {
            format: self.format,
            orientation: if self.flip {
                Color::Black
            } else {
                Color::White
            },
            coordinates: !self.no_coordinates,
            svg,
            squares,
            arrows,
        })
    }
}

impl Drawing {
    /// `diagram` drawn: the flags' orientation, coordinates, squares and
    /// arrows (after the diagram's own) applied.
    pub fn draw(&self, mut diagram: Diagram) -> String {
        diagram.orientation = self.orientation;
        diagram.coordinates = self.coordinates;
        diagram.squares.extend_from_slice(&self.squares);
        diagram.arrows.extend_from_slice(&self.arrows);
        match self.format {
            Format::Ascii => diagram.text(DiagramStyle::Ascii).to_string(),
            Format::Unicode => diagram.text(DiagramStyle::Unicode).to_string(),
            Format::Svg => diagram.svg(&self.svg).to_string(),
        }
    }

    /// The extension of a file of one drawing.
    pub fn extension(&self) -> &'static str {
        match self.format {
            Format::Svg => "svg",
            Format::Ascii | Format::Unicode => "txt",
        }
    }
}
