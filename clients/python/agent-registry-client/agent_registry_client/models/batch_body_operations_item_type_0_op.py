from enum import StrEnum


class BatchBodyOperationsItemType0Op(StrEnum):
    RENEW = "renew"

    def __str__(self) -> str:
        return str(self.value)
