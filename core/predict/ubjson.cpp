#include "predict/ubjson.h"

#include <cstring>

namespace gantry::predict {

namespace {

const Ubjson& invalid()
{
    static const Ubjson none;
    return none;
}

// Bytes of one element of a typed array with marker m; 0 when m is not a fixed-size number.
int elementBytes(char m)
{
    switch (m) {
    case 'i':
    case 'U':
    case 'C':
        return 1;
    case 'I':
        return 2;
    case 'l':
    case 'd':
        return 4;
    case 'L':
    case 'D':
        return 8;
    default:
        return 0;
    }
}

std::uint64_t bigEndian(const unsigned char* p, int bytes)
{
    std::uint64_t v = 0;
    for (int i = 0; i < bytes; ++i)
        v = (v << 8) | p[i];
    return v;
}

// The number of the fixed-size element marker m at p (big-endian, as UBJSON stores it).
double decode(char m, const unsigned char* p)
{
    switch (m) {
    case 'i':
        return double(std::int8_t(p[0]));
    case 'U':
    case 'C':
        return double(p[0]);
    case 'I':
        return double(std::int16_t(std::uint16_t(bigEndian(p, 2))));
    case 'l':
        return double(std::int32_t(std::uint32_t(bigEndian(p, 4))));
    case 'L':
        return double(std::int64_t(bigEndian(p, 8)));
    case 'd': {
        const std::uint32_t bits = std::uint32_t(bigEndian(p, 4));
        float f;
        std::memcpy(&f, &bits, sizeof f);
        return double(f);
    }
    case 'D': {
        const std::uint64_t bits = bigEndian(p, 8);
        double d;
        std::memcpy(&d, &bits, sizeof d);
        return d;
    }
    default:
        return std::nan("");
    }
}

} // namespace

class Ubjson::Parser
{
public:
    Parser(const char* data, std::size_t size)
        : m_p(reinterpret_cast<const unsigned char*>(data)), m_end(m_p + size)
    {}

    bool value(Ubjson& out, int depth)
    {
        char m = 0;
        if (!marker(m))
            return false;
        return valueOf(m, out, depth);
    }
    bool atEnd() const { return m_p == m_end; }

private:
    // The next marker, skipping no-ops.
    bool marker(char& m)
    {
        do {
            if (m_p == m_end)
                return false;
            m = char(*m_p++);
        } while (m == 'N');
        return true;
    }
    bool integer(char m, std::int64_t& n)
    {
        const int bytes = elementBytes(m);
        if (bytes == 0 || m == 'd' || m == 'D' || m == 'C' || m_end - m_p < bytes)
            return false;
        n = std::int64_t(decode(m, m_p));
        m_p += bytes;
        return n >= 0 || m == 'i' || m == 'I' || m == 'l' || m == 'L';
    }
    bool length(std::int64_t& n)
    {
        char m = 0;
        return marker(m) && integer(m, n) && n >= 0 && n <= m_end - m_p;
    }
    bool string(std::string_view& s)
    {
        std::int64_t n = 0;
        if (!length(n))
            return false;
        s = std::string_view(reinterpret_cast<const char*>(m_p), std::size_t(n));
        m_p += n;
        return true;
    }
    // After '[' or '{': the optional element type and count.
    bool header(char& type, std::int64_t& count)
    {
        type = 0;
        count = -1;
        if (m_p != m_end && *m_p == '$') {
            ++m_p;
            if (m_p == m_end)
                return false;
            type = char(*m_p++);
        }
        if (m_p != m_end && *m_p == '#') {
            ++m_p;
            return length(count);
        }
        return type == 0; // a type needs a count
    }
    bool closes(char close)
    {
        while (m_p != m_end && *m_p == 'N')
            ++m_p;
        if (m_p != m_end && char(*m_p) == close) {
            ++m_p;
            return true;
        }
        return false;
    }
    bool valueOf(char m, Ubjson& out, int depth)
    {
        if (depth > 64)
            return false;
        switch (m) {
        case 'Z':
            out.m_kind = Kind::Null;
            return true;
        case 'T':
        case 'F':
            out.m_kind = Kind::Boolean;
            out.m_number = m == 'T' ? 1.0 : 0.0;
            return true;
        case 'S':
        case 'H':
            out.m_kind = Kind::String;
            return string(out.m_string);
        case '[': {
            char type = 0;
            std::int64_t count = -1;
            if (!header(type, count))
                return false;
            out.m_kind = Kind::Array;
            if (type != 0) {
                const int bytes = elementBytes(type);
                if (bytes > 0) {
                    if (count > (m_end - m_p) / bytes)
                        return false;
                    out.m_elem = type;
                    out.m_data = m_p;
                    out.m_count = count;
                    m_p += count * bytes;
                    return true;
                }
                for (std::int64_t i = 0; i < count; ++i) {
                    out.m_items.emplace_back();
                    if (!valueOf(type, out.m_items.back(), depth + 1))
                        return false;
                }
            } else if (count >= 0) {
                for (std::int64_t i = 0; i < count; ++i) {
                    out.m_items.emplace_back();
                    if (!value(out.m_items.back(), depth + 1))
                        return false;
                }
            } else {
                while (!closes(']')) {
                    out.m_items.emplace_back();
                    if (!value(out.m_items.back(), depth + 1))
                        return false;
                }
            }
            out.m_count = std::int64_t(out.m_items.size());
            return true;
        }
        case '{': {
            char type = 0;
            std::int64_t count = -1;
            if (!header(type, count))
                return false;
            out.m_kind = Kind::Object;
            for (std::int64_t i = 0; count < 0 ? !closes('}') : i < count; ++i) {
                std::string_view key;
                if (!string(key))
                    return false;
                out.m_members.emplace_back(key, Ubjson());
                Ubjson& v = out.m_members.back().second;
                if (!(type != 0 ? valueOf(type, v, depth + 1) : value(v, depth + 1)))
                    return false;
            }
            return true;
        }
        default: {
            const int bytes = elementBytes(m);
            if (bytes == 0 || m_end - m_p < bytes)
                return false;
            out.m_kind = Kind::Number;
            out.m_number = decode(m, m_p);
            m_p += bytes;
            return true;
        }
        }
    }

    const unsigned char* m_p;
    const unsigned char* m_end;
};

Ubjson Ubjson::parse(const char* data, std::size_t size)
{
    Ubjson out;
    Parser parser(data, size);
    if (!parser.value(out, 0) || !parser.atEnd())
        return Ubjson();
    return out;
}

const Ubjson& Ubjson::member(std::string_view key) const
{
    for (const auto& [k, v] : m_members)
        if (k == key)
            return v;
    return invalid();
}

double Ubjson::number(std::int64_t i) const
{
    if (m_kind != Kind::Array || i < 0 || i >= m_count)
        return std::nan("");
    if (m_data)
        return decode(m_elem, m_data + i * elementBytes(m_elem));
    const Ubjson& v = m_items[std::size_t(i)];
    return v.m_kind == Kind::Number || v.m_kind == Kind::Boolean ? v.m_number : std::nan("");
}

const Ubjson& Ubjson::item(std::int64_t i) const
{
    if (m_kind != Kind::Array || m_data || i < 0 || i >= m_count)
        return invalid();
    return m_items[std::size_t(i)];
}

} // namespace gantry::predict
