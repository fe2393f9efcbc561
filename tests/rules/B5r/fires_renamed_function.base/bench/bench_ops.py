from pkg import old_fn

print(old_fn(3, 4))
