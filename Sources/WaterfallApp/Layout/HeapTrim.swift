#if canImport(Glibc)
  import CMalloc
#endif

/// Gives the memory malloc holds free back to the system (glibc's
/// `malloc_trim`).
///
/// A whole load frees a great deal in small pieces and mid-sized arrays: the
/// loaders' items once the store took them, the store's and the layout's arrays
/// each time they grew. glibc keeps those pages (they lie between pages in use,
/// in the heap and in each thread's arena) and counts them as the program's, so
/// after a load of 10M items about 8 bytes an item are free but resident.
/// `malloc_trim` hands every whole free page back; it walks the arenas' free
/// lists, tens of milliseconds at 10M items, so it runs on a worker, once the
/// load's work is done (``LayoutCoordinator/returnFreedMemory()``).
///
/// ```swift
/// HeapTrim.returnFreePages()   // true when some memory went back
/// ```
enum HeapTrim {
  /// Returns the free pages of every malloc arena to the system; whether any
  /// were returned (false where there is no `malloc_trim`).
  @discardableResult
  static func returnFreePages() -> Bool {
    #if canImport(Glibc)
      return malloc_trim(0) == 1
    #else
      return false
    #endif
  }
}
