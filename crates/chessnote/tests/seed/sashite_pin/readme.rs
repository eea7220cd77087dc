// The Rust examples of the sashite-pin 1.1.0 README.md (Apache-2.0, Copyright
// Sashité), run against chessnote::pin. Changed from the original: only the
// crate path (sashite_pin -> chessnote::pin), and each example wrapped in a
// test function returning `Result`, so that its `?` compiles.

use chessnote::pin::ParseError;

#[test]
fn parsing() -> Result<(), ParseError> {
    use chessnote::pin::{Identifier, Side, State};

    let king: Identifier = "+K^".parse()?; // via FromStr
    let rook = Identifier::parse("r")?; // via the inherent method

    assert_eq!(king.letter().as_char(), 'K');
    assert_eq!(king.side(), Side::First);
    assert_eq!(king.state(), State::Enhanced);
    assert!(king.is_terminal());

    assert_eq!(rook.side(), Side::Second);
    Ok(())
}

#[test]
fn building_from_typed_components() -> Result<(), ParseError> {
    use chessnote::pin::{Identifier, Letter, Side, State};

    let pawn = Identifier::new(
        Letter::try_from_char('P')?,
        Side::Second,
        State::Enhanced,
        false,
    );
    assert_eq!(pawn.encode().as_str(), "+p");
    Ok(())
}

#[test]
fn encoding_and_formatting() -> Result<(), ParseError> {
    use chessnote::pin::Identifier;

    let id = Identifier::parse("+K^")?;
    assert_eq!(id.encode().as_str(), "+K^");
    assert_eq!(id.to_string(), "+K^"); // requires `alloc`/`std`
    Ok(())
}

#[test]
fn validation() {
    use chessnote::pin::Identifier;

    assert!(Identifier::is_valid("+K^"));
    assert!(!Identifier::is_valid("K+")); // a modifier must be a prefix
}

#[test]
fn transformations_and_queries() -> Result<(), ParseError> {
    use chessnote::pin::Identifier;

    let white = Identifier::parse("+P")?;
    assert_eq!(white.flipped().encode().as_str(), "+p");
    assert_eq!(white.normalized().encode().as_str(), "P");
    assert_eq!(
        white.diminished().with_terminal(true).encode().as_str(),
        "-P^"
    );

    assert!(white.is_first());
    assert!(white.is_enhanced());
    Ok(())
}
