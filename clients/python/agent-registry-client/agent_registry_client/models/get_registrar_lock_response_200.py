from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.get_registrar_lock_response_200_status import GetRegistrarLockResponse200Status
from ..models.get_registrar_lock_response_200_statuses_item import GetRegistrarLockResponse200StatusesItem

if TYPE_CHECKING:
    from ..models.get_registrar_lock_response_200_lock_type_0 import GetRegistrarLockResponse200LockType0
    from ..models.get_registrar_lock_response_200_unlock_type_0 import GetRegistrarLockResponse200UnlockType0


T = TypeVar("T", bound="GetRegistrarLockResponse200")


@_attrs_define
class GetRegistrarLockResponse200:
    """
    Attributes:
        status (GetRegistrarLockResponse200Status):
        domain (str):
        locked (bool):
        lock (GetRegistrarLockResponse200LockType0 | None): Set: the name refuses every move (423 name_locked)
        statuses (list[GetRegistrarLockResponse200StatusesItem]): RFC 8056 statuses, as RDAP shows them; [] unlocked
        unlock (GetRegistrarLockResponse200UnlockType0 | None): The open request to lift the lock, if any
    """

    status: GetRegistrarLockResponse200Status
    domain: str
    locked: bool
    lock: GetRegistrarLockResponse200LockType0 | None
    statuses: list[GetRegistrarLockResponse200StatusesItem]
    unlock: GetRegistrarLockResponse200UnlockType0 | None

    def to_dict(self) -> dict[str, Any]:
        from ..models.get_registrar_lock_response_200_lock_type_0 import GetRegistrarLockResponse200LockType0  # noqa: PLC0415
        from ..models.get_registrar_lock_response_200_unlock_type_0 import GetRegistrarLockResponse200UnlockType0  # noqa: PLC0415

        status = self.status.value

        domain = self.domain

        locked = self.locked

        lock: dict[str, Any] | None
        if isinstance(self.lock, GetRegistrarLockResponse200LockType0):
            lock = self.lock.to_dict()
        else:
            lock = self.lock

        statuses = []
        for statuses_item_data in self.statuses:
            statuses_item = statuses_item_data.value
            statuses.append(statuses_item)

        unlock: dict[str, Any] | None
        if isinstance(self.unlock, GetRegistrarLockResponse200UnlockType0):
            unlock = self.unlock.to_dict()
        else:
            unlock = self.unlock

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "domain": domain,
                "locked": locked,
                "lock": lock,
                "statuses": statuses,
                "unlock": unlock,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.get_registrar_lock_response_200_lock_type_0 import GetRegistrarLockResponse200LockType0  # noqa: PLC0415
        from ..models.get_registrar_lock_response_200_unlock_type_0 import GetRegistrarLockResponse200UnlockType0  # noqa: PLC0415

        d = dict(src_dict)
        status = GetRegistrarLockResponse200Status(d.pop("status"))

        domain = d.pop("domain")

        locked = d.pop("locked")

        def _parse_lock(data: object) -> GetRegistrarLockResponse200LockType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                lock_type_0 = GetRegistrarLockResponse200LockType0.from_dict(data)

                return lock_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GetRegistrarLockResponse200LockType0 | None, data)

        lock = _parse_lock(d.pop("lock"))

        statuses = []
        _statuses = d.pop("statuses")
        for statuses_item_data in _statuses:
            statuses_item = GetRegistrarLockResponse200StatusesItem(statuses_item_data)

            statuses.append(statuses_item)

        def _parse_unlock(data: object) -> GetRegistrarLockResponse200UnlockType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                unlock_type_0 = GetRegistrarLockResponse200UnlockType0.from_dict(data)

                return unlock_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GetRegistrarLockResponse200UnlockType0 | None, data)

        unlock = _parse_unlock(d.pop("unlock"))

        get_registrar_lock_response_200 = cls(
            status=status,
            domain=domain,
            locked=locked,
            lock=lock,
            statuses=statuses,
            unlock=unlock,
        )

        return get_registrar_lock_response_200
