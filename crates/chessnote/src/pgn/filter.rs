//! TEMPORARY stub until the real module lands.
#![allow(missing_docs)]
use alloc::string::String;
#[derive(Clone, Debug)]
pub struct Filter;
#[derive(Clone, Debug)]
pub struct FilterError { pub at: usize }
impl FilterError { pub fn offset(&self) -> usize { self.at } }
impl core::fmt::Display for FilterError { fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result { write!(f, "stub at byte {}", self.at) } }
impl Filter {
    pub fn parse(_expr: &str) -> Result<Filter, FilterError> { Ok(Filter) }
    pub fn needs_moves(&self) -> bool { false }
    pub fn uses_tag(&self, _name: &[u8]) -> bool { false }
    pub fn matches(&self, _game: &impl FilterInput) -> bool { true }
}
pub trait FilterInput { fn tag(&self, name: &str) -> Option<&str>; fn plies(&self) -> u32; }
impl FilterInput for super::Game { fn tag(&self, name: &str) -> Option<&str> { super::Game::tag(self, name) } fn plies(&self) -> u32 { self.moves.len() as u32 } }
pub struct TagsAndPlies<'a> { pub tags: &'a [(String, String)], pub plies: u32 }
impl FilterInput for TagsAndPlies<'_> { fn tag(&self, name: &str) -> Option<&str> { self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str()) } fn plies(&self) -> u32 { self.plies } }
