# Cross-validated fits of the game result (tex1's model and the simpler ones beside it); NOTES.md.
import fitlib

d = fitlib.used(fitlib.load())
print(len(d), 'positions')
d['base'] = fitlib.committed(d)
d['tmk'], d['tok'] = d.tm / 100, d.to / 100
t = d.y.values
for name, feat in [('const', []), ('colour', ['black']), ('base', ['base']),
                   ('base+colour', ['base', 'black']), ('tm,to', ['tmk', 'tok']),
                   ('tm,to,colour', ['tmk', 'tok', 'black']), ('shapes', fitlib.SHAPES),
                   ('shapes+classes', fitlib.SHAPES + fitlib.CLASSES),
                   ('shapes+classes+colour', fitlib.SHAPES + fitlib.CLASSES + ['black'])]:
    print(name, fitlib.cv_error(d, feat, t)[0])
