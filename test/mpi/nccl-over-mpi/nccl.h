//===- test/mpi/nccl-over-mpi/nccl.h - NCCL's p2p calls over MPI -*- C++ -*-===//
//
// The NCCL calls the --mpi runtime makes (kernels-templates/mpi-runtime.cu.in),
// carried by MPI on the CPU, so run-mpi-selfchecks.sh checks the runtime's
// NCCL path (which rows go where, on which level, in which order) where
// there is neither NCCL nor a GPU. Device memory is host memory under the
// CUDA emulation. As in NCCL, the sends and receives between
// ncclGroupStart and ncclGroupEnd are posted together and complete at
// ncclGroupEnd; a communicator is the MPI communicator of the ranks that
// made it (MPI_COMM_WORLD, or the one rank 0's id names).
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_TEST_NCCL_OVER_MPI_H
#define STENCILCC_TEST_NCCL_OVER_MPI_H

#include <mpi.h>

#include <cstddef>
#include <vector>

typedef enum { ncclSuccess = 0, ncclInternalError = 3, ncclInvalidUsage = 5 } ncclResult_t;
typedef enum { ncclInt8 = 0, ncclChar = 0, ncclUint8 = 1 } ncclDataType_t;
typedef struct { char internal[128]; } ncclUniqueId;
struct stencilcc_fake_nccl_comm {
  MPI_Comm Comm;
  int Rank;
};
typedef stencilcc_fake_nccl_comm *ncclComm_t;

namespace stencilcc_fake_nccl {
inline int GroupDepth = 0;
inline std::vector<MPI_Request> Pending;
inline int Tag = 7300; // apart from the runtime's own MPI tags

inline ncclResult_t post(bool Send, void *Data, size_t Bytes, int Peer, ncclComm_t Comm) {
  if (!Comm || Bytes > (size_t)1 << 30)
    return ncclInvalidUsage;
  Pending.emplace_back();
  int Error = Send ? MPI_Isend(Data, (int)Bytes, MPI_BYTE, Peer, Tag, Comm->Comm, &Pending.back())
                   : MPI_Irecv(Data, (int)Bytes, MPI_BYTE, Peer, Tag, Comm->Comm, &Pending.back());
  if (Error != MPI_SUCCESS)
    return ncclInternalError;
  if (GroupDepth == 0) {
    MPI_Waitall((int)Pending.size(), Pending.data(), MPI_STATUSES_IGNORE);
    Pending.clear();
  }
  return ncclSuccess;
}
} // namespace stencilcc_fake_nccl

inline const char *ncclGetErrorString(ncclResult_t R) {
  return R == ncclSuccess ? "no error" : R == ncclInvalidUsage ? "invalid usage" : "internal error";
}
inline ncclResult_t ncclGetUniqueId(ncclUniqueId *Id) {
  *Id = ncclUniqueId{};
  return ncclSuccess;
}
inline ncclResult_t ncclCommInitRank(ncclComm_t *Comm, int Ranks, ncclUniqueId, int Rank) {
  int Size = 0;
  MPI_Comm_size(MPI_COMM_WORLD, &Size);
  if (Ranks != Size)
    return ncclInvalidUsage; // the tests run the region on MPI_COMM_WORLD
  *Comm = new stencilcc_fake_nccl_comm{MPI_COMM_WORLD, Rank};
  return ncclSuccess;
}
inline ncclResult_t ncclCommDestroy(ncclComm_t Comm) {
  delete Comm;
  return ncclSuccess;
}
inline ncclResult_t ncclGroupStart() {
  ++stencilcc_fake_nccl::GroupDepth;
  return ncclSuccess;
}
inline ncclResult_t ncclGroupEnd() {
  using namespace stencilcc_fake_nccl;
  if (GroupDepth == 0)
    return ncclInvalidUsage;
  if (--GroupDepth == 0) {
    MPI_Waitall((int)Pending.size(), Pending.data(), MPI_STATUSES_IGNORE);
    Pending.clear();
  }
  return ncclSuccess;
}
inline ncclResult_t ncclSend(const void *Data, size_t Count, ncclDataType_t, int Peer,
                             ncclComm_t Comm, cudaStream_t) {
  return stencilcc_fake_nccl::post(true, const_cast<void *>(Data), Count, Peer, Comm);
}
inline ncclResult_t ncclRecv(void *Data, size_t Count, ncclDataType_t, int Peer, ncclComm_t Comm,
                             cudaStream_t) {
  return stencilcc_fake_nccl::post(false, Data, Count, Peer, Comm);
}

#endif
