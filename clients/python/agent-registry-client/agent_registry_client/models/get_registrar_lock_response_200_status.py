from enum import StrEnum


class GetRegistrarLockResponse200Status(StrEnum):
    SUCCESS = "success"

    def __str__(self) -> str:
        return str(self.value)
