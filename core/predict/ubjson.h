#pragma once

#include <cmath>
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

namespace gantry::predict {

/// A read-only view of a Universal Binary JSON document (the binary form xgboost saves its
/// models in): objects, arrays (typed, counted or ']'-terminated), numbers, strings, booleans
/// and null. Typed arrays are not copied: their elements are read from the buffer, which must
/// outlive the value. Used by RandomForest to read the trees back from xgboost's model.
class Ubjson
{
public:
    /// The kind of a value.
    enum class Kind
    {
        Invalid, ///< not parsed, or a malformed document
        Null,    ///< null (also 'N' no-op markers are skipped)
        Boolean, ///< true or false
        Number,  ///< any integer or floating-point marker
        String,  ///< a string
        Array,   ///< an array (typed or not)
        Object,  ///< an object
    };

    /// Parses data[0, size); Kind::Invalid when it is not one well-formed value. O(size).
    static Ubjson parse(const char* data, std::size_t size);

    /// The value's kind.
    Kind kind() const { return m_kind; }
    /// The member called key of an object; an Invalid value when absent. O(members).
    const Ubjson& member(std::string_view key) const;
    /// Elements of an array (0 for anything else).
    std::int64_t size() const { return m_count; }
    /// Element i of an array as a number (NaN when it is not one); a 32-bit float element
    /// converts exactly. O(1).
    double number(std::int64_t i) const;
    /// Element i of an array that is not typed (an Invalid value for a typed one). O(1).
    const Ubjson& item(std::int64_t i) const;
    /// A number value (NaN when it is not one).
    double toDouble() const { return m_kind == Kind::Number ? m_number : std::nan(""); }

private:
    class Parser;

    Kind m_kind = Kind::Invalid;
    double m_number = 0.0;
    std::string_view m_string;
    // Arrays: a typed one keeps its element marker and raw big-endian data; any other keeps
    // its parsed items.
    char m_elem = 0;
    const unsigned char* m_data = nullptr;
    std::int64_t m_count = 0;
    std::vector<Ubjson> m_items;
    std::vector<std::pair<std::string_view, Ubjson>> m_members;
};

} // namespace gantry::predict
