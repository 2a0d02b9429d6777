import ITunes
