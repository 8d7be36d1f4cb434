"""A Section's services, by use case: set up (its movement installed, the ranking it may take, table codes:
`setup`), dealt (`deals`), run and published (`lifecycle`), a Swiss's rounds (`swiss`), and the versions each
change keeps (`versions`). The other apps and the pages call them by these names."""

from .deals import SECRET_SEED, deal_boards, deal_from_seed, hand_record_file, import_hand_records
from .lifecycle import change_settings, next_round, set_status
from .setup import (
    MAX_BOARDS,
    add_table_code,
    check_boards,
    check_ranking,
    entrant_number,
    generate_movement,
    install_movement,
    movement_entries,
    renew_table_code,
)
from .swiss import plan_swiss
from .versions import SETTINGS, record_reason

__all__ = [
    "MAX_BOARDS", "add_table_code", "SECRET_SEED", "SETTINGS", "change_settings", "check_boards", "check_ranking", "deal_boards",
    "deal_from_seed", "entrant_number", "generate_movement", "hand_record_file", "import_hand_records",
    "install_movement", "movement_entries", "next_round", "plan_swiss", "record_reason", "renew_table_code", "set_status",
]  # fmt: skip
