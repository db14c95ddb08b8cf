from enum import StrEnum


class BatchBodyOperationsItemType3Op(StrEnum):
    LOCK = "lock"

    def __str__(self) -> str:
        return str(self.value)
