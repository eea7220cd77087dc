#![no_main]

//! Polyglot books: no bytes make reading a book, or its moves in a
//! position, panic; what it reads is whole entries, sorted, and every move
//! it gives is legal where it is given.

use chessnote::position::Position;
use chessnote::position::polyglot::Book;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(book) = Book::from_bytes(data) else {
        return;
    };
    assert_eq!(book.entries().len() * 16, data.len());
    assert!(book.entries().windows(2).all(|w| w[0].key <= w[1].key));
    // The start, and the positions its moves lead to (in a book of keys
    // the fuzzer finds, entries of the start are likely: the corpus has
    // them).
    let start = Position::new();
    for found in book.moves(&start) {
        assert!(start.is_legal(found.mv));
        let mut next = start.clone();
        next.play_unchecked(found.mv);
        for reply in book.moves(&next) {
            assert!(next.is_legal(reply.mv));
        }
    }
});
