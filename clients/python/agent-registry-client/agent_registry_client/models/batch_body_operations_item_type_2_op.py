from enum import StrEnum


class BatchBodyOperationsItemType2Op(StrEnum):
    PATCH_RECORDS = "patch_records"

    def __str__(self) -> str:
        return str(self.value)
