from atom.models.utils import f
from atom.models.weights import a
import torch

x = f(a)
y = 2

