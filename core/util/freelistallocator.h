#pragma once

#include <cstddef>
#include <new>

namespace gantry {

/// Allocator for node containers (std::set, std::map) that keeps freed single nodes on a
/// per-thread free list of their type and hands them out again, so that a queue whose jobs
/// come and go costs no malloc and free per insert and erase. Arrays (n > 1) go to operator
/// new. At most kKept nodes of a type stay listed per thread; the rest, and the list itself
/// when its thread ends, go back to operator delete. Stateless: all instances are equal.
template <typename T> class FreeListAllocator
{
public:
    using value_type = T; ///< the allocated type

    /// Most free nodes of one type a thread keeps for reuse.
    static constexpr std::size_t kKept = std::size_t(1) << 16;

    FreeListAllocator() noexcept = default;
    /// Rebinding copy (the allocator has no state).
    template <typename U> FreeListAllocator(const FreeListAllocator<U>&) noexcept {}

    /// Room for n objects: a listed node when n is 1 and one is free.
    T* allocate(std::size_t n)
    {
        List& l = list();
        if (n == 1 && l.head) {
            Free* f = l.head;
            l.head = f->next;
            --l.count;
            return reinterpret_cast<T*>(f);
        }
        return static_cast<T*>(::operator new(n * sizeof(Slot)));
    }
    /// Gives back what allocate(n) returned.
    void deallocate(T* p, std::size_t n) noexcept
    {
        List& l = list();
        if (n == 1 && l.count < kKept) {
            Free* f = reinterpret_cast<Free*>(p);
            f->next = l.head;
            l.head = f;
            ++l.count;
            return;
        }
        ::operator delete(p);
    }

    template <typename U> bool operator==(const FreeListAllocator<U>&) const noexcept
    {
        return true;
    }

private:
    struct Free
    {
        Free* next;
    };
    // One node's room: large enough for a T and for a free-list link, aligned for both.
    union Slot {
        alignas(T) unsigned char object[sizeof(T)];
        Free link;
    };
    struct List
    {
        Free* head = nullptr;
        std::size_t count = 0;
        ~List()
        {
            while (head) {
                Free* f = head;
                head = f->next;
                ::operator delete(f);
            }
        }
    };
    static List& list()
    {
        thread_local List l;
        return l;
    }
};

} // namespace gantry
