//! A scenario's sections are JSON objects, and only objects: serde's derived structs also take
//! an array of their fields in order (`"teaching": []` read as an empty section, `"cost": [1]`
//! as `logical_read_us` 1), which no scenario means. The sections use these readers
//! (`#[serde(deserialize_with = …)]`); an array, a number or a string is refused by the
//! section's name ("invalid type: sequence, expected an object …").

use serde::de::value::MapAccessDeserializer;
use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};
use std::fmt;
use std::marker::PhantomData;

struct Object<T>(PhantomData<T>);

impl<'de, T: Deserialize<'de>> Visitor<'de> for Object<T> {
    type Value = T;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an object ({ \"field\": value, … })")
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
        T::deserialize(MapAccessDeserializer::new(map))
    }
}

/// A section that must be an object.
pub fn object<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<T, D::Error> {
    d.deserialize_map(Object(PhantomData))
}

struct Optional<T>(PhantomData<T>);

impl<'de, T: Deserialize<'de>> Visitor<'de> for Optional<T> {
    type Value = Option<T>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an object ({ \"field\": value, … }) or null")
    }
    fn visit_none<E: serde::de::Error>(self) -> Result<Option<T>, E> {
        Ok(None)
    }
    fn visit_unit<E: serde::de::Error>(self) -> Result<Option<T>, E> {
        Ok(None)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Option<T>, D::Error> {
        object(d).map(Some)
    }
}

/// An optional section: an object, or null (as absent).
pub fn optional<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<Option<T>, D::Error> {
    d.deserialize_option(Optional(PhantomData))
}
