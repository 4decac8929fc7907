generic site
guarded site

