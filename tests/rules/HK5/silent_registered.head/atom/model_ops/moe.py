# SPDX-License-Identifier: MIT
import os
x = 1

