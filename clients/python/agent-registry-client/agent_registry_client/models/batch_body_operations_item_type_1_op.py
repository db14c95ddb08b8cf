from enum import StrEnum


class BatchBodyOperationsItemType1Op(StrEnum):
    SET_AUTO_RENEW = "set_auto_renew"

    def __str__(self) -> str:
        return str(self.value)
