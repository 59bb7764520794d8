"""The app's routes as `APIRouter` modules, one per resource; each reaches the table service through `deps`."""
