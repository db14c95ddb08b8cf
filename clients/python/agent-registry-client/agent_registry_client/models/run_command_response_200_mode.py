from enum import StrEnum


class RunCommandResponse200Mode(StrEnum):
    DRY_RUN = "dry_run"

    def __str__(self) -> str:
        return str(self.value)
