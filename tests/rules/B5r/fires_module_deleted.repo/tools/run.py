from pkg.legacy import thing

thing()
