// Placeholder until the search back ends land.
