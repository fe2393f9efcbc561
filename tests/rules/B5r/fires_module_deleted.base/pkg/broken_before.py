from pkg.core import ghost
