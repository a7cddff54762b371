// The one hook by which writes reach what sites cache: `changed()` is called once a write
// has committed and before its response leaves (http/site-changes middleware, for every
// successful write through the API), so the next request to a site sees it. What is
// cached from mutable rows (which site a host serves, a site's structure, its spaces'
// current revisions) is tagged with the generation it was read at, and read again once
// the generation moved. Content itself is cached by immutable keys and needs nothing.
// Several instances (later): broadcast `changed()` over PostgreSQL NOTIFY from here.
export class SiteChanges {
  private current = 0;

  /** Something a site shows may have changed. */
  changed(): void {
    this.current++;
  }

  get generation(): number {
    return this.current;
  }
}
